@testable import TermBankApp
import Synchronization
import TermBankCore
import XCTest

/// A sitekey picture is read and parsed when a screen shows it, and only
/// that one is held: an idle session on its statement holds none (decision 33). What a screen shows is
/// the same as with every picture parsed up front.
final class SitekeyGalleryTests: XCTestCase {
    func testNoPictureIsReadUntilAScreenShowsOne() {
        let files = PictureFiles()
        let state = files.state(.login(LoginForm()))
        _ = AppView.render(state, size: Fixture.size)
        state.gallery.frameEnded()
        XCTAssertEqual(files.reads, [], "the login screen shows no picture")
        XCTAssertNil(state.gallery.held)
        XCTAssertEqual(state.gallery.names, Sitekey.images.sorted(), "the pictures' names are known without reading them")
    }

    func testTheSitekeyScreenReadsOnlyItsOwnPictureAndDrawsItAsBefore() {
        let files = PictureFiles()
        for screen in [Screen.sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric)),
                       .sitekeyFirst(SitekeyFirstForm(username: "alice", sitekey: Fixture.alice.sitekey))] {
            let lazy = AppView.render(files.state(screen), size: Fixture.size)
            XCTAssertEqual(lazy, AppView.render(files.parsedUpFront(screen), size: Fixture.size), "\(screen)")
        }
        XCTAssertEqual(files.reads, ["fox"], "alice's picture, read once for both screens")
    }

    func testAPictureOnScreenIsReadOnceHoweverManyFramesShowIt() {
        let files = PictureFiles()
        let state = files.state(.sitekeyFirst(SitekeyFirstForm(username: "alice", sitekey: Fixture.alice.sitekey)))
        for _ in 0..<5 {
            _ = AppView.render(state, size: Fixture.size)
            state.gallery.frameEnded()
        }
        XCTAssertEqual(files.reads, ["fox"])
        XCTAssertEqual(state.gallery.held, "fox")
    }

    func testThePictureIsDroppedAfterTheFirstFrameThatNoLongerShowsIt() {
        let files = PictureFiles()
        var state = files.state(.sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric)))
        _ = AppView.render(state, size: Fixture.size)
        state.gallery.frameEnded()
        XCTAssertEqual(state.gallery.held, "fox")

        state.screen = .biometric(BiometricScreen(prompt: Fixture.prompt(), purpose: .signIn))
        _ = AppView.render(state, size: Fixture.size)
        state.gallery.frameEnded()
        XCTAssertNil(state.gallery.held, "the Touch ID prompt shows no picture: none is held")

        state.screen = .sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric))
        _ = AppView.render(state, size: Fixture.size)
        XCTAssertEqual(files.reads, ["fox", "fox"], "shown again, it is read again")
    }

    func testAnotherPersonsPictureTakesThePlaceOfTheOneHeld() {
        let files = PictureFiles()
        var state = files.state(.sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric)))
        _ = AppView.render(state, size: Fixture.size)
        state.screen = .sitekey(SitekeyScreen(user: Fixture.bob, next: .smsCode))
        let bobs = AppView.render(state, size: Fixture.size)
        XCTAssertEqual(state.gallery.held, "lighthouse")
        XCTAssertEqual(bobs, AppView.render(files.parsedUpFront(state.screen), size: Fixture.size))
        XCTAssertEqual(files.reads, ["fox", "lighthouse"])
    }

    /// A picture file broken after start is named on the screen, as a
    /// missing one is, rather than drawn garbled or stopping the app.
    func testAPictureThatNoLongerParsesIsNamedLikeAMissingOne() {
        let broken = SitekeyGallery(names: Sitekey.images, text: { _ in "title: Fox\nnot a picture\n" })
        let screen = Screen.sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric))
        var state = AppState(size: Fixture.size, now: Fixture.start, deviceName: "iphone-touchid", gallery: broken)
        state.screen = screen
        var missing = AppState(size: Fixture.size, now: Fixture.start, deviceName: "iphone-touchid", gallery: SitekeyGallery())
        missing.screen = screen
        let frame = AppView.render(state, size: Fixture.size)
        XCTAssertEqual(frame, AppView.render(missing, size: Fixture.size))
        XCTAssertTrue(frame.text.contains { $0.contains("[fox]") })
    }
}

/// assets/sitekeys, with every read of a picture's file written down.
private struct PictureFiles {
    private final class ReadLog: Sendable {
        let names = Mutex<[String]>([])
    }

    private let log: ReadLog
    let gallery: SitekeyGallery

    init() {
        let log = ReadLog()
        self.log = log
        gallery = SitekeyGallery(names: Sitekey.images, text: { [log] name in
            log.names.withLock { $0.append(name) }
            return Fixture.pictureText(name)
        })
    }

    var reads: [String] { log.names.withLock { $0 } }

    func state(_ screen: Screen) -> AppState {
        var state = AppState(size: Fixture.size, now: Fixture.start, deviceName: "iphone-touchid", gallery: gallery)
        state.screen = screen
        return state
    }

    func parsedUpFront(_ screen: Screen) -> AppState {
        var state = Fixture.state()
        state.screen = screen
        return state
    }
}
