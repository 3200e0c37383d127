@testable import TermBankApp
import TermBankCore
import TermBankQR
import XCTest

/// The main screens on a terminal that shows only ASCII (LC_ALL=C, or
/// `--ascii`). Box-drawing characters in these files are drawn by the
/// painter with the terminal's own line set (ACS), not sent as UTF-8.
extension GoldenFrameTests {
    func ascii(_ state: AppState) -> AppState {
        var state = state
        state.charset = .ascii
        return state
    }

    func testTheMainScreensInASCII() throws {
        var login = LoginForm()
        login.username = "alice"
        login.password = Secret("wonder")
        login.focus = .password
        try assertGolden("ascii-login", ascii(at(.login(login))))
        try assertGolden("ascii-sitekey", ascii(at(.sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric)))))
        try assertGolden("ascii-sitekey-first", ascii(at(.sitekeyFirst(SitekeyFirstForm(username: "bob",
                                                                                          sitekey: Fixture.bob.sitekey)))))
        try assertGolden("ascii-touch-id", ascii(at(.biometric(BiometricScreen(prompt: Fixture.prompt(), purpose: .signIn)))))
        var pin = PinEntry(ticket: Fixture.ticket(), purpose: .signIn)
        pin.digits = "12"
        try assertGolden("ascii-pin", ascii(at(.pin(pin))))
        try assertGolden("ascii-statement", ascii(Fixture.signedIn()))
        var form = TransferForm()
        form.amountText = "250"
        try assertGolden("ascii-transfer", ascii(at(.transfer(form), signedIn: Fixture.alice)))
        form.stage = .review(Fixture.pending)
        form.approval = .success(Fixture.smsToAlice)
        try assertGolden("ascii-transfer-review", ascii(at(.transfer(form), signedIn: Fixture.alice)))
        try assertGolden("ascii-receipt", ascii(at(.receipt(Fixture.receipt), signedIn: Fixture.alice)))
        let overview = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false, signInFactor: .smsCode,
                                        recoveryCodesLeft: 0, trustedDevices: [])
        try assertGolden("ascii-security", ascii(at(.security(SecurityScreen(overview: overview)), signedIn: Fixture.carol)))
    }

    /// No QR code can be drawn in ASCII that a camera would read: the key to
    /// type is shown instead, and the screen says why.
    func testEnrolmentInASCIIShowsTheKeyAndNoQRCode() throws {
        let uri = "otpauth://totp/TermBank:carol?secret=A76TURJYDUMJAVQNTDLTPY5XNYQTFGI2&issuer=TermBank"
        let setup = AuthenticatorSetup(qrModules: try QRMatrix.encode(uri, level: .low).modules,
                                       groupedSecret: Secret("A76T URJY DUMJ AVQN TDLT PY5X NYQT FGI2"),
                                       expiresAt: Fixture.start.adding(seconds: 300), replacing: false)
        var scan = ascii(at(.enrolment(EnrolmentScreen(stage: .scan(setup), digits: "28")), signedIn: Fixture.carol))
        scan.now = Fixture.start.adding(seconds: 42)
        try assertGolden("ascii-enrolment", scan)
    }
}
