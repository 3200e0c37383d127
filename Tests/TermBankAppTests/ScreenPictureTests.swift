import Foundation
@testable import TermBankApp
import TermBankCore
import TermBankQR
import XCTest

/// The pictures of screens in docs/screens (the README and docs show them) are SVG
/// drawings of golden frames. Each is drawn again here from the same state
/// as its golden test; the test fails if the frame no longer matches its
/// golden file, or the picture no longer matches the frame. To redraw them
/// after a deliberate change: scripts/screens.
final class ScreenPictureTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let pictures = root.appendingPathComponent("docs/screens")

    struct Picture {
        let golden: String
        let title: String
        let state: AppState
        /// The picture's name in docs/screens, when the golden frame lives in a language's folder.
        var name: String? = nil
        var file: String { (name ?? golden) + ".svg" }
    }

    /// Each picture's state, built exactly as its golden test builds it.
    static func all() throws -> [Picture] {
        var pin = PinEntry(ticket: Fixture.ticket(), purpose: .signIn)
        pin.digits = "12"
        var pinState = at(.pin(pin))
        pinState.now = Fixture.start.adding(seconds: 12)

        var transfer = TransferForm()
        transfer.amountText = "250"
        transfer.stage = .review(Fixture.pending)
        transfer.approval = .success(Fixture.smsToAlice)

        let uri = "otpauth://totp/TermBank:carol?secret=A76TURJYDUMJAVQNTDLTPY5XNYQTFGI2&issuer=TermBank"
        let setup = AuthenticatorSetup(qrModules: try QRMatrix.encode(uri, level: .low).modules,
                                       groupedSecret: Secret("A76T URJY DUMJ AVQN TDLT PY5X NYQT FGI2"),
                                       expiresAt: Fixture.start.adding(seconds: 300), replacing: false)
        var scan = at(.enrolment(EnrolmentScreen(stage: .scan(setup), digits: "28")), signedIn: Fixture.carol)
        scan.now = Fixture.start.adding(seconds: 42)

        let trusted = TrustedDeviceRow(id: TrustedDeviceID(1), deviceName: "iphone-touchid",
                                       expiresAt: Fixture.start.adding(seconds: 30 * 24 * 3600),
                                       lastUsedAt: Fixture.start.adding(seconds: 3600))
        let withApp = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: true, signInFactor: .authenticator,
                                       recoveryCodesLeft: 9, trustedDevices: [trusted])

        return [
            Picture(golden: "login", title: "Sign in to TermBank", state: Fixture.state()),
            Picture(golden: "sitekey", title: "alice's sitekey: her picture and phrase",
                    state: at(.sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric)))),
            Picture(golden: "touch-id", title: "Simulated Touch ID",
                    state: at(.biometric(BiometricScreen(prompt: Fixture.prompt(), purpose: .signIn)))),
            Picture(golden: "pin", title: "bob types the SMS code", state: pinState),
            Picture(golden: "statement", title: "alice's statement", state: Fixture.signedIn()),
            Picture(golden: "transfer-review", title: "A transfer, reviewed",
                    state: at(.transfer(transfer), signedIn: Fixture.alice)),
            Picture(golden: "transfer-pin", title: "A transfer approved by an SMS code bound to it",
                    state: at(.pin(PinEntry(ticket: Fixture.ticket(.transfer(Fixture.pending), phone: Fixture.alice.phone),
                                            purpose: .transfer(Fixture.pending))), signedIn: Fixture.alice)),
            Picture(golden: "enrolment-qr", title: "carol sets up an authenticator app", state: scan),
            Picture(golden: "security-authenticator", title: "carol's security settings",
                    state: at(.security(SecurityScreen(
                        overview: withApp, notice: .done(.session(.authenticatorOn)))),
                              signedIn: Fixture.carol)),
            Picture(golden: "en/presenter", title: "The presenter's view: three stakeholders, two stuck, bob locked out",
                    state: presenterChoosingBob(), name: "presenter"),
        ]
    }

    /// As LanguageGoldenScreens builds "presenter": bob's locked row chosen.
    static func presenterChoosingBob() -> AppState {
        PresenterFixture.state(PresenterFixture.showing(selected: "t-locked"))
    }

    static func at(_ screen: Screen, signedIn user: UserRecord? = nil) -> AppState {
        var state = user.map { Fixture.signedIn($0) } ?? Fixture.state()
        state.screen = screen
        return state
    }

    func testEveryPictureInTheDocsIsItsGoldenFrameNow() throws {
        let recording = ProcessInfo.processInfo.environment["TERMBANK_RECORD_SCREENS"] == "1"
        for picture in try Self.all() {
            let frame = AppView.render(picture.state, size: Fixture.size)
            let golden = try String(contentsOf: GoldenFrameTests.directory.appendingPathComponent(picture.golden + ".txt"),
                                    encoding: .utf8)
            XCTAssertEqual(frame.text.joined(separator: "\n") + "\n", golden,
                           "\(picture.golden): the picture's state no longer draws its golden frame; "
                           + "build it here as GoldenFrameTests does")
            let svg = ScreenPicture.svg(frame, title: "TermBank: " + picture.title)
            let url = Self.pictures.appendingPathComponent(picture.file)
            if recording {
                try FileManager.default.createDirectory(at: Self.pictures, withIntermediateDirectories: true)
                try svg.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let committed = try? String(contentsOf: url, encoding: .utf8)
            // Not XCTAssertEqual: two whole pictures in the failure would hide the message.
            XCTAssertTrue(committed == svg, "docs/screens/\(picture.file) is older than its frame: run scripts/screens")
        }
    }

    /// A picture left behind when its screen goes would silently grow stale.
    func testEveryPictureInTheDocsIsDrawnByThisTest() throws {
        // web-door.png is the browser's own screenshot: BrowserDoorTests takes it (docs/web.md, "Tests").
        let drawn = Set(try Self.all().map(\.file)).union(["web-door.png"])
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Self.pictures.path))
        XCTAssertEqual(present.subtracting(drawn), [], "pictures nothing redraws; delete them or add them to the list")
    }

    func testMarkupInAFrameIsEscapedNotInjected() {
        var frame = Frame(size: Size(columns: 30, rows: 1))
        frame.put("<script>&\"x\"</script>", row: 0, column: 0, role: .normal)
        let svg = ScreenPicture.svg(frame, title: "a <title> & more")
        XCTAssertFalse(svg.contains("<script"))
        XCTAssertTrue(svg.contains("&lt;script&gt;&amp;&quot;x&quot;&lt;/script&gt;"))
        XCTAssertTrue(svg.contains("<title>a &lt;title&gt; &amp; more</title>"))
    }

    /// Glyphs from a browser's fallback font leave gaps between rows and
    /// misjoin boxes; shapes do not.
    func testBlocksAndBoxesAreDrawnAsShapesNotGlyphs() {
        var frame = Frame(size: Size(columns: 6, rows: 2))
        frame.put("╭──╮", row: 0, column: 0, role: .normal)
        frame.put("███▗ab", row: 1, column: 0, role: .red)
        let svg = ScreenPicture.svg(frame, title: "shapes")
        XCTAssertFalse(svg.contains("█") || svg.contains("▗") || svg.contains("─") || svg.contains("╭"))
        XCTAssertTrue(svg.contains("<rect x=\"16\" y=\"36\" width=\"30\" height=\"20\"/>"), "three full blocks, one rectangle")
        XCTAssertTrue(svg.contains("<rect x=\"51\" y=\"46\" width=\"5\" height=\"10\"/>"), "the lower right quadrant")
        XCTAssertTrue(svg.contains("d=\"M26 26H46M21 31V36M51 31V36M21 31A5 5 0 0 1 26 26M51 31A5 5 0 0 0 46 26\""),
                      "one line across, and the corners' arcs")
        XCTAssertTrue(svg.contains("<text x=\"56\" y=\"51\" textLength=\"20\">ab</text>"), "text held to its cells")
    }

    /// The same look the painter gives each role (`RoleLook`), in one palette.
    func testEachRoleIsPaintedAsTheTerminalPaintsIt() {
        let palette = ScreenPicture.Palette.self
        XCTAssertEqual(ScreenPicture.Paint(.normal), paint(palette.foreground, nil, bold: false))
        XCTAssertEqual(ScreenPicture.Paint(.error), paint(palette.hex(.red), nil, bold: true))
        XCTAssertEqual(ScreenPicture.Paint(.accent), paint(palette.hex(.cyan), nil, bold: true))
        XCTAssertEqual(ScreenPicture.Paint(.focus), paint(palette.background, palette.foreground, bold: false), "reverse video")
        XCTAssertEqual(ScreenPicture.Paint(.field), paint(palette.hex(.black), palette.hex(.white), bold: false))
        XCTAssertEqual(ScreenPicture.Paint(.muted), paint("#868686", nil, bold: false), "dim: 60% ink, 40% background")
        XCTAssertEqual(ScreenPicture.Paint(.grey), paint(palette.hex(.brightBlack), nil, bold: false))

        var frame = Frame(size: Size(columns: 10, rows: 1))
        frame.put("Wrong", row: 0, column: 0, role: .error)
        frame.put("  ", row: 0, column: 6, role: .field)
        let svg = ScreenPicture.svg(frame, title: "roles")
        XCTAssertTrue(svg.contains("<g class=\"error\" fill=\"#cd3131\" font-weight=\"bold\""))
        XCTAssertTrue(svg.contains("<rect x=\"76\" y=\"16\" width=\"20\" height=\"20\" fill=\"#e5e5e5\"/>"), "the field's paper")
    }

    private func paint(_ ink: String, _ paper: String?, bold: Bool) -> ScreenPicture.Paint {
        ScreenPicture.Paint(ink: ink, paper: paper, bold: bold)
    }
}
