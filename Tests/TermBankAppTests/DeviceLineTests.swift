@testable import TermBankApp
import TermBankCore
import XCTest

/// The line under the sign-in form names the device. Only demo mode's phone
/// is a simulation to the one signing in, and only there does the line say
/// so; a real deployment says "This device: NAME". Both sign-in forms (the
/// password form, and the one under a sitekey this device already knows),
/// every language, at 80x24 and an odd size.
final class DeviceLineTests: XCTestCase {
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 93, rows: 27)]

    static func forms(demo: Bool) -> [(name: String, state: AppState)] {
        func at(_ screen: Screen) -> AppState {
            var state = Fixture.state()
            state.demo = demo ? DemoState() : nil
            state.screen = screen
            return state
        }
        return [("login", at(.login(LoginForm()))),
                ("sitekey first", at(.sitekeyFirst(SitekeyFirstForm(username: "alice", sitekey: Fixture.alice.sitekey))))]
    }

    func render(_ state: AppState, _ size: Size, _ language: Language) -> String {
        var state = state
        state.size = size
        return AppView.render(state, size: size, words: language.appCatalog).text.joined(separator: "\n")
    }

    func testWithoutDemoModeTheDeviceIsNamedAsTheCustomersOwnAndNeverSimulated() throws {
        let device = try XCTUnwrap(Fixture.state().deviceName)
        // "Simulated" in each catalog's words for the demo's line.
        let simulated = ["Simulated", "simulado", "simulato", "Імітований"]
        for language in Language.allCases {
            let words = language.appCatalog.text(SignInText.simulatedDevice(device))
            XCTAssertTrue(simulated.contains { words.contains($0) }, words)
        }
        for language in Language.allCases {
            for (name, state) in Self.forms(demo: false) {
                for size in Self.sizes {
                    let screen = render(state, size, language)
                    let line = language.appCatalog.text(SignInText.thisDevice(device))
                    XCTAssertTrue(screen.contains(line), "\(language.code) \(name) \(size): no \"\(line)\"\n\(screen)")
                    for word in simulated {
                        XCTAssertFalse(screen.contains(word), "\(language.code) \(name) \(size): \"\(word)\"\n\(screen)")
                    }
                }
            }
        }
    }

    func testInDemoModeTheDeviceIsSaidToBeSimulated() throws {
        let device = try XCTUnwrap(Fixture.state().deviceName)
        for language in Language.allCases {
            for (name, state) in Self.forms(demo: true) {
                for size in Self.sizes {
                    let screen = render(state, size, language)
                    let line = language.appCatalog.text(SignInText.simulatedDevice(device))
                    XCTAssertTrue(screen.contains(line), "\(language.code) \(name) \(size): no \"\(line)\"\n\(screen)")
                    XCTAssertFalse(screen.contains(language.appCatalog.text(SignInText.thisDevice(device))), screen)
                }
            }
        }
    }
}
