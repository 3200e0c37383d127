@testable import TermBankApp
import TermBankCore
import XCTest

/// The trusted devices scroll as the statement does (the closing note of
/// session 5: "The trusted-device list doesn't scroll", rows were cut): the
/// statement's keys move the selection, the window follows it, and "↑ N
/// more" / "↓ N more" on the list's title row say what is out of sight. At
/// 80x24 and 60x20, in every language, with and without an authenticator
/// (whose settings leave the list fewer rows).
final class TrustedDeviceScrollTests: XCTestCase {
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 60, rows: 20), Size(columns: 97, rows: 29)]

    /// Devices (twelve unless asked), each trusted an hour after the one before.
    static func devices(_ count: Int = 12) -> [TrustedDeviceRow] {
        (1...count).map { (index: Int) -> TrustedDeviceRow in
            let number = Int64(index)
            let name = index < 10 ? "phone-0\(index)" : "phone-\(index)"
            let expires: Timestamp = Fixture.start.adding(seconds: 30 * 86_400 + number * 3600)
            let used: Timestamp? = index % 3 == 0 ? nil : Fixture.start.adding(seconds: number * 60)
            return TrustedDeviceRow(id: TrustedDeviceID(number), deviceName: name, expiresAt: expires, lastUsedAt: used)
        }
    }

    static func overview(_ devices: [TrustedDeviceRow], withApp: Bool) -> SecurityOverview {
        SecurityOverview(phone: Fixture.securityPhone, smsVerification: !withApp, authenticatorActive: withApp,
                         signInFactor: withApp ? .authenticator : .smsCode, recoveryCodesLeft: withApp ? 9 : 0,
                         trustedDevices: devices, biometricSignIn: .on)
    }

    static func state(_ overview: SecurityOverview, _ language: Language, _ size: Size,
                      selected: Int = 0, first: Int = 0) -> AppState {
        var state = Fixture.signedIn(Fixture.carol)
        state.languageSelection = LanguageSelection(language, source: .option)
        state.size = size
        state.screen = .security(SecurityScreen(overview: overview, selectedDevice: selected, firstDevice: first))
        return state
    }

    static func screen(_ state: AppState) -> SecurityScreen? {
        if case .security(let screen) = state.screen { return screen }
        return nil
    }

    static func lines(_ state: AppState) -> [String] { AppView.render(state, size: state.size).text }

    /// The device names on screen, top to bottom, and the one the ▸ marks.
    static func shown(_ lines: [String]) -> (names: [String], selected: String?) {
        var names: [String] = []
        var selected: String?
        for line in lines {
            guard let range = line.range(of: " phone-"), line[range.upperBound...].prefix(2).allSatisfy(\.isNumber) else { continue }
            let name = String(line[line.index(after: range.lowerBound)...].prefix(8))
            names.append(name)
            if line.hasPrefix("  ▸ ") { selected = name }
        }
        return (names, selected)
    }

    static func press(_ state: inout AppState, _ key: Key) {
        _ = AppReducer.reduce(&state, .key(key))
    }

    /// ↓ from the first device to the last: every device is selected once,
    /// in order, and is on screen with the ▸ when it is; the window never
    /// shows a device out of order or cut; the markers count what is out of
    /// sight. Then ↑ back to the first.
    func testEveryDeviceIsReachedWithTheArrowsAndTheSelectionIsAlwaysOnScreen() throws {
        let devices = Self.devices(20)
        let names = devices.map(\.deviceName)
        for language in Language.allCases {
            let words = language.appCatalog
            for size in Self.sizes {
                for withApp in [false, true] {
                    var state = Self.state(Self.overview(devices, withApp: withApp), language, size)
                    let context = "\(language.code) \(size) app \(withApp)"
                    func check(_ index: Int) throws {
                        let lines = Self.lines(state)
                        let (onScreen, selected) = Self.shown(lines)
                        XCTAssertEqual(selected, names[index], context + "\n" + lines.joined(separator: "\n"))
                        let first = try XCTUnwrap(onScreen.first.flatMap(names.firstIndex), context)
                        XCTAssertEqual(onScreen, Array(names[first..<(first + onScreen.count)]), context)
                        XCTAssertLessThan(onScreen.count, names.count, "\(context): more devices than fit")
                        let above = first, below = names.count - first - onScreen.count
                        let text = lines.joined(separator: "\n")
                        XCTAssertEqual(text.contains(words.text(SecurityText.moreDevicesAbove(above))), above > 0,
                                       context + "\n" + text)
                        XCTAssertEqual(text.contains(words.text(SecurityText.moreDevicesBelow(below))), below > 0,
                                       context + "\n" + text)
                        // Each device whole: its expiry, and its last use on its row or the next.
                        for name in onScreen {
                            let row = try XCTUnwrap(lines.firstIndex { $0.contains(name) })
                            let device = devices[try XCTUnwrap(names.firstIndex(of: name))]
                            let used = String(words.text(SecurityText.lastUsedAt(device.lastUsedAt)).drop { $0 == " " })
                            XCTAssertTrue(lines[row].contains(words.text(SecurityText.trustedUntil(device.expiresAt))), context)
                            XCTAssertTrue(lines[row].contains(used) || lines[row + 1].contains(used), context + "\n" + text)
                        }
                    }
                    try check(0)
                    for index in 1..<names.count {
                        Self.press(&state, .down)
                        try check(index)
                    }
                    Self.press(&state, .down)
                    try check(names.count - 1)   // the selection stops at the last
                    for index in (0..<(names.count - 1)).reversed() {
                        Self.press(&state, .up)
                        try check(index)
                    }
                }
            }
        }
    }

    /// The window moves only when the selection would leave it: ↓ inside the
    /// window moves the ▸, not the list; the first ↓ past its bottom moves it
    /// by one; ↑ back inside it moves the ▸ again.
    func testTheWindowFollowsTheSelectionOnlyWhenItWouldLeaveIt() throws {
        var state = Self.state(Self.overview(Self.devices(), withApp: false), .english, Size(columns: 80, rows: 24))
        let window = Self.shown(Self.lines(state)).names
        XCTAssertGreaterThan(window.count, 2)
        for _ in 1..<window.count { Self.press(&state, .down) }
        XCTAssertEqual(Self.shown(Self.lines(state)).names, window, "inside the window, the list stays")
        XCTAssertEqual(Self.screen(state)?.firstDevice, 0)
        Self.press(&state, .down)
        XCTAssertEqual(Self.shown(Self.lines(state)).names.first, "phone-02")
        XCTAssertEqual(Self.screen(state)?.firstDevice, 1)
        Self.press(&state, .up)
        Self.press(&state, .up)
        XCTAssertEqual(Self.shown(Self.lines(state)).names.first, "phone-02", "back up inside the window, it stays")
        XCTAssertEqual(Self.shown(Self.lines(state)).selected, "phone-\(window.count < 11 ? "0" : "")\(window.count - 1)")
    }

    /// PgDn and PgUp move the selection and the window a window's worth;
    /// End and Home go to the last and the first device.
    func testPageKeysMoveAWindowAndHomeAndEndGoToTheEnds() throws {
        var state = Self.state(Self.overview(Self.devices(20), withApp: true), .english, Size(columns: 80, rows: 24))
        let window = Self.shown(Self.lines(state)).names.count
        Self.press(&state, .pageDown)
        var shown = Self.shown(Self.lines(state))
        XCTAssertEqual(shown.names.first, Self.devices(20)[window].deviceName)
        XCTAssertEqual(shown.selected, Self.devices(20)[window].deviceName)
        Self.press(&state, .end)
        shown = Self.shown(Self.lines(state))
        XCTAssertEqual(shown.selected, "phone-20")
        XCTAssertEqual(shown.names.last, "phone-20")
        XCTAssertEqual(shown.names.count, window)
        Self.press(&state, .pageUp)
        shown = Self.shown(Self.lines(state))
        XCTAssertEqual(shown.selected, Self.devices(20)[19 - window].deviceName)
        Self.press(&state, .home)
        shown = Self.shown(Self.lines(state))
        XCTAssertEqual(shown.selected, "phone-01")
        XCTAssertEqual(shown.names.first, "phone-01")
        Self.press(&state, .pageUp)
        XCTAssertEqual(Self.screen(state)?.selectedDevice, 0, "nothing above the first")
    }

    /// r revokes the device the ▸ marks, wherever the window is.
    func testRevokeTakesTheSelectedDeviceFarDownTheList() {
        var state = Self.state(Self.overview(Self.devices(), withApp: false), .english, Size(columns: 60, rows: 20))
        Self.press(&state, .end)
        Self.press(&state, .up)
        XCTAssertEqual(Self.shown(Self.lines(state)).selected, "phone-11")
        XCTAssertEqual(AppReducer.reduce(&state, .key(.character("r"))), [.security(.revokeTrustedDevice(TrustedDeviceID(11)))])
    }

    /// A window that shrinks (a resize, a notice on the last row) keeps the
    /// selection on screen: the first device the state holds is a wish the
    /// view corrects, never a reason to hide the ▸.
    func testAResizeOrANoticeKeepsTheSelectionOnScreen() {
        let overview = Self.overview(Self.devices(), withApp: true)
        var state = Self.state(overview, .italian, Size(columns: 97, rows: 29), selected: 9, first: 4)
        XCTAssertEqual(Self.shown(Self.lines(state)).selected, "phone-10")
        state.size = Size(columns: 60, rows: 20)
        XCTAssertEqual(Self.shown(Self.lines(state)).selected, "phone-10")
        // A notice of two lines takes the list's last rows; with an authenticator that is
        // all of them at 60x20. The next move clears it, as any other key does, and shows the list.
        state.screen = .security(SecurityScreen(overview: overview, notice: .done(.session(.deviceNoLongerTrusted)),
                                                selectedDevice: 9, firstDevice: 9))
        XCTAssertEqual(Self.shown(Self.lines(state)).names, [])
        Self.press(&state, .down)
        XCTAssertNil(Self.screen(state)?.notice)
        XCTAssertEqual(Self.shown(Self.lines(state)).selected, "phone-11")
        state.size = Size(columns: 80, rows: 24)
        state.screen = .security(SecurityScreen(overview: overview, notice: .done(.session(.deviceNoLongerTrusted)),
                                                selectedDevice: 11, firstDevice: 0))
        XCTAssertEqual(Self.shown(Self.lines(state)).selected, "phone-12", "at 80x24 the notice leaves the list rows")
        // A stale selection past the end (the list came back shorter) marks the last device.
        state.screen = .security(SecurityScreen(overview: Self.overview(Array(Self.devices().prefix(3)), withApp: true),
                                                selectedDevice: 9, firstDevice: 9))
        XCTAssertEqual(Self.shown(Self.lines(state)).selected, "phone-03")
    }

    /// The markers say exactly how many devices are out of sight, at the
    /// right of the rule above the list's title.
    func testTheMarkersCountTheDevicesAboveAndBelow() throws {
        let state = Self.state(Self.overview(Self.devices(20), withApp: false), .english, Size(columns: 80, rows: 24),
                               selected: 5, first: 3)
        let lines = Self.lines(state)
        let shown = Self.shown(lines).names
        XCTAssertEqual(shown.first, "phone-04")
        let title = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  Trusted devices") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[title - 1].hasPrefix("  ────"), lines[title - 1])
        XCTAssertTrue(lines[title - 1].hasSuffix("─ ↑ 3 more  ↓ \(20 - 3 - shown.count) more ──"), lines[title - 1])
        // A list that fits has no markers, and its explanation beside the title as before.
        let few = Self.lines(Self.state(Self.overview(Array(Self.devices().prefix(2)), withApp: false), .english,
                                        Size(columns: 80, rows: 24)))
        XCTAssertTrue(few.contains("  Trusted devices (skip the second factor at sign-in for 30 days)"),
                      few.joined(separator: "\n"))
        XCTAssertFalse(few.joined().contains("more"))
    }

    /// The help overlay lists the statement's other scrolling keys for the list.
    func testTheHelpOverlayListsPageUpDownAndHomeEndForTheList() {
        var state = Self.state(Self.overview(Self.devices(), withApp: false), .english, Size(columns: 80, rows: 24))
        XCTAssertEqual(KeyHelp.helpOnly(for: state).map(\.keys), ["PgUp/PgDn", "Home/End"])
        state.showsHelp = true
        let text = Self.lines(state).joined(separator: "\n")
        XCTAssertTrue(text.contains("First or last device"), text)
        let none = Self.state(Self.overview([], withApp: false), .english, Size(columns: 80, rows: 24))
        XCTAssertEqual(KeyHelp.helpOnly(for: none).map(\.keys), [])
    }
}
