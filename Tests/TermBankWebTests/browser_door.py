"""The browser door in a real browser: headless Chromium driven by Selenium,
on loopback, against a running `termbank web` (BrowserDoorTests starts it).

    browser_door.py INVITE_URL TERMBANK DB [SCREENSHOT.png]

The screen is read from xterm.js's accessibility tree (screen-reader mode),
keys are typed into its input. Every wait has a deadline and says what it
waited for; the first failed check ends the run with exit status 1.
"""
import base64, os, socket, subprocess, sys, time, urllib.error, urllib.parse, urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys

invite_url, termbank, db = sys.argv[1], sys.argv[2], sys.argv[3]
screenshot = sys.argv[4] if len(sys.argv) > 4 else None
parts = urllib.parse.urlsplit(invite_url)
base = f"{parts.scheme}://{parts.netloc}/"
HANG_GUARD = 60  # seconds: only a hang reaches it


def fail(message, browser=None):
    print("FAILED: " + message, file=sys.stderr)
    if browser is not None:
        print("screen:\n" + screen(browser), file=sys.stderr)
    sys.exit(1)


def check(condition, message, browser=None):
    if not condition:
        fail(message, browser)


def status_of(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def open_browser():
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1100,700", "--lang=en-US"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def screen(browser):
    rows = browser.find_elements("css selector", ".xterm-accessibility-tree > div")
    return "\n".join(row.get_attribute("textContent") for row in rows)


def wait_for(browser, text, what):
    deadline = time.monotonic() + HANG_GUARD
    while time.monotonic() < deadline:
        if text in screen(browser):
            return
        time.sleep(0.2)
    fail(f"waited for {what} ({text!r})", browser)


def type_keys(browser, keys):
    browser.find_element("css selector", ".xterm-helper-textarea").send_keys(keys)


def handshake(origin, cookie):
    """A WebSocket handshake by hand, as another site's page would send it: the status line back, the
    connection, still open (the caller closes it), and what came after the reply's headers."""
    connection = socket.create_connection((parts.hostname, parts.port), timeout=HANG_GUARD)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall((f"GET /session HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                        f"Sec-WebSocket-Protocol: termbank\r\nOrigin: {origin}\r\nCookie: {cookie}\r\n\r\n").encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = connection.recv(1024)
        if not chunk:
            break
        reply += chunk
    headers, _, rest = reply.partition(b"\r\n\r\n")
    return headers.split(b"\r\n")[0].decode(errors="replace"), connection, rest


def until_closed(connection, received):
    """Everything the server sends on a WebSocket until it closes it (its frames are not masked, so a
    message's text is there as it is)."""
    while True:
        chunk = connection.recv(4096)
        if not chunk:
            return received
        received += chunk


def audit(user):
    return subprocess.run([termbank, "audit", "--user", user, "--limit", "5", "--db", db],
                          capture_output=True, text=True, check=True).stdout


# No invite, or a wrong one: 403 for the page and its files.
check(status_of(base) == 403, "the page without the invite is not 403")
check(status_of(base + "?invite=" + "0" * 32) == 403, "the page with a wrong invite is not 403")
check(status_of(base + "xterm.js") == 403, "xterm.js without the invite is not 403")

first = open_browser()
second = open_browser()
try:
    # The invite link: the welcome screen, the invite gone from the address bar, the cookie out of scripts' reach.
    first.get(invite_url)
    wait_for(first, "Welcome to the TermBank demo", "the demo's welcome")
    check("invite" not in first.current_url, "the invite stays in the address bar")
    cookie = first.get_cookie("termbank_browser")
    check(cookie is not None and cookie["httpOnly"] and cookie.get("sameSite") == "Strict",
          f"the browser's cookie is not HttpOnly and SameSite=Strict: {cookie}")

    # Another site's page cannot open a session with this browser's cookie; this server's own origin can.
    browser_cookie = f"termbank_browser={cookie['value']}"
    refused, connection, _ = handshake("http://evil.example", browser_cookie)
    connection.close()
    check(" 101 " not in refused + " ", f"a foreign Origin got a WebSocket: {refused}")
    # The server runs with --per-browser 3: the tab holds one, two more are let in, a fourth is let in only
    # to be told why it gets no session (in English: the handshake asks for no language), then closed.
    opened = [handshake(f"http://{parts.netloc}", browser_cookie) for _ in range(3)]
    statuses = [status for status, _, _ in opened]
    check(all(" 101 " in status + " " for status in statuses), f"a WebSocket from the page's own Origin was not let in (past --per-browser too, to be told why): {statuses}")
    told = until_closed(opened[2][1], opened[2][2]).decode(errors="replace")
    check("This browser already has 3 sessions open in the demo" in told,
          f"a browser opened more sessions than --per-browser, or was not told why: {told!r}")
    for connection in [connection for _, connection, _ in opened]:
        connection.close()

    # A guest made in the first browser is that browser's alone.
    type_keys(first, "g")
    wait_for(first, "Your demo customer", "the new demo customer")
    lines = screen(first).splitlines()
    username = next(line.split("Username")[1].split()[0] for line in lines if "Username" in line)
    password = next(line.split("Password")[1].split()[0] for line in lines if "Password" in line)
    second.get(invite_url)
    wait_for(second, "Welcome to the TermBank demo", "the second browser's welcome")
    type_keys(second, Keys.ENTER)
    wait_for(second, "Sign in to TermBank", "the second browser's sign-in")
    type_keys(second, username + Keys.TAB + password + Keys.ENTER)
    wait_for(second, f"{username} was not made in this browser", "the refusal of another browser's guest, in a browser's words")
    check("Is this your sitekey?" not in screen(second), "the second browser reached the guest's sitekey", second)

    # The first browser's own sign-in as a demo customer, to the statement.
    type_keys(first, Keys.ESCAPE)
    first.get(invite_url)  # a new tab's session, the cookie already set
    wait_for(first, "Welcome to the TermBank demo", "the welcome again")
    type_keys(first, Keys.ENTER)
    wait_for(first, "Sign in to TermBank", "the sign-in")
    type_keys(first, "alice" + Keys.TAB + "wonderland-42" + Keys.ENTER)
    wait_for(first, "Is this your sitekey?", "alice's sitekey")
    type_keys(first, Keys.ENTER)
    wait_for(first, "Touch ID", "the phone's Touch ID")
    type_keys(first, Keys.ENTER)
    wait_for(first, "Opening balance", "alice's statement")
    wait_for(first, "alice", "alice named in the title bar")
    check("session.started" in audit("alice"), "the bank has no session of alice's")
    # Every column the app draws is inside the window, and no scroll bar sits beside the phone's box corners
    # (the alternate screen has nothing to scroll).
    viewport, inner, drawn_right, window_width = first.execute_script(
        "var v = document.querySelector('.xterm-viewport'), s = document.querySelector('.xterm-screen');"
        " return [v.offsetWidth, v.clientWidth, s.getBoundingClientRect().right, window.innerWidth];")
    check(viewport == inner, f"the page shows a scroll bar ({viewport - inner} px) beside the app")
    check(drawn_right <= window_width, f"the app's last column ends at {drawn_right} px, past the window's {window_width}")
    if screenshot:
        first.save_screenshot(screenshot)

    # Closing the tab ends the session at the bank, as a dropped SSH connection does.
    first.quit()
    first = None
    deadline = time.monotonic() + HANG_GUARD
    while "connection-closed" not in audit("alice").splitlines()[1]:
        if time.monotonic() > deadline:
            fail("closing the tab did not end alice's session:\n" + audit("alice"))
        time.sleep(0.2)
    check("session.ended" in audit("alice").splitlines()[1], "the newest row is not the session's end")
finally:
    for browser in (first, second):
        if browser is not None:
            browser.quit()
print("browser door: all checks passed")
