import CNcursesw

/// Facts about the linked ncursesw. The `Painter` is the only code that
/// draws with it; this module is the only one that imports it.
public enum TerminalLibrary {
    /// e.g. "ncurses 6.4.20221231"
    public static var cursesVersion: String { String(cString: curses_version()) }
}
