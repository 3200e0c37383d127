import Foundation
import XCTest

/// Decision 64, end to end: a client that says its window is 3000x3000
/// (`stty rows 3000 cols 3000; ssh -t …`) made the app hold 820 MB, most of
/// it ncurses' three screens of 9 million cells. Now ncurses is never given
/// more than 500x200 (the painter takes SIGWINCH itself) and the app draws
/// only "Window too large": the process stays at its usual size.
extension DemoModeEndToEndTests {
    func testAClientStartingAt3000By3000AndGrowingTo6000GetsWindowTooLargeAndNoMoreMemory() throws {
        let bank = try demoBank()
        let app = try TmuxSession(appCommand(bank), columns: 3000, rows: 3000)
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Window too large", "3000x3000; TermBank draws at most 500x200", "Make the window smaller.")
        let pid = try app.panePID()
        XCTAssertFalse(try app.screen().shows("Welcome to the TermBank demo"), "nothing of the app is drawn")

        // Back to a usual size: the app as ever, and its keys act.
        try app.resize(columns: 120, rows: 30)
        try app.waitFor("Welcome to the TermBank demo", "Start as a new demo customer")
        try app.press("g")
        try app.waitFor("Your demo customer")

        // Larger still while running: refused again, keys ignored meanwhile.
        try app.resize(columns: 6000, rows: 6000)
        try app.waitFor("Window too large", "6000x6000; TermBank draws at most 500x200")
        try app.press("Enter")
        try app.resize(columns: 120, rows: 30)
        try app.waitFor("Your demo customer")

        // Before the clamp: 820 MB at 3000x3000, 3.5 GB at 6000x6000. The app
        // at 120x30 peaks near 30 MB; a bound far from both says which it is.
        let peak = try XCTUnwrap(AppEndToEndTests.statusKiB("VmHWM", of: pid))
        XCTAssertLessThan(peak, 100 * 1024, "peak resident memory \(peak) KiB after 3000x3000 and 6000x6000")
    }
}
