"""One headless Chromium tab on the browser door, as a terminal a Swift test
types into and reads (BrowserStoryTerminal): one command a line on standard
input, one JSON line back for each.

    browser_terminal.py URL WIDTH HEIGHT [LANGUAGE]

    text JSON      type the characters of the JSON string   -> "ok"
    key NAME       enter, tab, escape or ctrlp              -> "ok"
    screen                                                  -> the rows, as a list of strings
    window WIDTH HEIGHT  resize the browser's window       -> "ok"
    closed               whether the page's socket closed  -> true or false
    newtab               open the page in another tab of this browser (its cookie), and go to it -> "ok"
    tab INDEX            go back to the browser's tab INDEX (0: the first) -> "ok"
    quit                 close the tab and the browser

The first line back is the terminal's size, [columns, rows], once the app has drawn.
"""
import json, sys, time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

url, width, height = sys.argv[1], sys.argv[2], sys.argv[3]
language = sys.argv[4] if len(sys.argv) > 4 else "en-US"
options = Options()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}"]:
    options.add_argument(argument)
options.add_experimental_option("prefs", {"intl.accept_languages": language})
browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def rows():
    found = browser.find_elements("css selector", ".xterm-accessibility-tree > div")
    # xterm.js names an empty row "Blank line" for screen readers.
    return ["" if text == "Blank line" else text for text in (row.get_attribute("textContent") for row in found)]


def reply(value):
    print(json.dumps(value), flush=True)


try:
    browser.get(url)
    deadline = time.monotonic() + 60
    while not any(row.strip() for row in rows()):
        if time.monotonic() > deadline:
            raise SystemExit("the app drew nothing in 60 s")
        time.sleep(0.2)
    screen = rows()
    reply([max(len(row) for row in screen), len(screen)])
    def area():
        # The current tab's: the commands act on the tab last gone to.
        return browser.find_element("css selector", ".xterm-helper-textarea")
    # The tabs in the order they were opened (the browser's own list has no promised order).
    tabs = [browser.current_window_handle]
    keys = {"enter": Keys.ENTER, "tab": Keys.TAB, "escape": Keys.ESCAPE}
    for line in sys.stdin:
        command, _, argument = line.rstrip("\n").partition(" ")
        if command == "text":
            area().send_keys(json.loads(argument))
            reply("ok")
        elif command == "key" and argument == "ctrlp":
            ActionChains(browser).key_down(Keys.CONTROL).send_keys("p").key_up(Keys.CONTROL).perform()
            reply("ok")
        elif command == "key":
            area().send_keys(keys[argument])
            reply("ok")
        elif command == "screen":
            reply(rows())
        elif command == "window":
            new_width, new_height = argument.split()
            browser.set_window_size(int(new_width), int(new_height))
            reply("ok")
        elif command == "closed":
            # The page's script marks the body when the server closes its socket.
            reply(browser.execute_script("return document.body.className") == "closed")
        elif command == "newtab":
            browser.switch_to.new_window("tab")
            browser.get(url)
            tabs.append(browser.current_window_handle)
            reply("ok")
        elif command == "tab":
            browser.switch_to.window(tabs[int(argument)])
            reply("ok")
        elif command == "quit":
            break
finally:
    browser.quit()
