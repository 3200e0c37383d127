import CNcursesw
import Glibc

// The floor for `termbank bench ui`: the least a Swift program can do to put
// a login box on the terminal with ncursesw, built exactly as termbank is
// (release, the Swift runtime linked statically). Whatever termbank spends
// above this program is TermBank's; what this program spends above `dialog`
// (C) is the toolchain's: the Swift runtime's start-up and size.
//
//   curses-floor --version   prints a line and exits (the floor for `termbank --version`)
//   curses-floor             draws the box and waits for q or Ctrl-C (first frame, memory at rest)

if CommandLine.arguments.dropFirst().first == "--version" {
    print("curses-floor 1 (\(String(cString: curses_version())))")
    exit(0)
}

setlocale(LC_ALL, "")
guard let screen = termbank_newterm(), let window = termbank_stdscr() else {
    let message = "curses-floor: cannot use this terminal\n"
    _ = write(STDERR_FILENO, message, message.utf8.count)
    exit(1)
}
raw()
noecho()
keypad(window, true)
curs_set(0)
if has_colors() && start_color() == OK {
    _ = use_default_colors()
    init_pair(1, Int16(COLOR_CYAN), -1)
}

// The same box termbank's login screen draws: a title, a rule, a framed form.
let columns = Int(getmaxx(window))
let rows = Int(getmaxy(window))
let title = "Sign in to TermBank"
mvwaddstr(window, 0, 1, "TermBank")
mvwhline(window, 1, 0, 0, Int32(columns))
let width = min(56, columns - 2)
let height = min(14, rows - 4)
let left = Int32(max(0, (columns - width) / 2))
let top = Int32(max(2, (rows - height) / 2))
if let box = derwin(window, Int32(height), Int32(width), top, left) {
    wattron(box, Int32(truncatingIfNeeded: termbank_a_bold()))
    box_set(box, nil, nil)
    mvwaddstr(box, 0, 2, " \(title) ")
    wattroff(box, Int32(truncatingIfNeeded: termbank_a_bold()))
    mvwaddstr(box, 2, 3, "Welcome. Sign in with your username and password.")
    mvwaddstr(box, 4, 3, "Username")
    mvwaddstr(box, 6, 3, "Password")
}
mvwaddstr(window, Int32(rows - 1), 1, "Tab Next field  Enter Sign in  Ctrl-C Quit")
wrefresh(window)

// Idle like the app: a key, or a tick every second.
wtimeout(window, 1000)
while true {
    let key = wgetch(window)
    if key == 3 || key == Int32(UInt8(ascii: "q")) { break }
}
endwin()
delscreen(screen)
