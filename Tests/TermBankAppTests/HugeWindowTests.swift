@testable import TermBankApp
import TermBankCore
import XCTest

/// Decision 64: the client picks the window's size (`stty rows 3000
/// cols 3000; ssh -t …`), and a frame's memory followed it (820 MB). Past
/// `AppState.maximumSize` the app draws "Window too large" in a frame no
/// larger than the maximum, and nothing else.
final class HugeWindowTests: XCTestCase {
    func demo(_ size: Size, language: Language = .english) -> AppState {
        var state = AppState(size: Fixture.size, now: Fixture.start, deviceName: "iphone-touchid", demo: true,
                             language: LanguageSelection(language, source: .option))
        _ = AppReducer.reduce(&state, .key(.resize(size)))
        return state
    }

    func testAClientAsking3000By3000GetsAFrameNoLargerThanTheMaximumSayingOnlyWindowTooLarge() {
        let expected: [Language: String] = [.english: "Window too large", .portugueseBrazil: "Janela grande demais",
                                            .italian: "Finestra troppo grande", .ukrainian: "Вікно завелике"]
        for (language, words) in expected {
            for size in [Size(columns: 3000, rows: 3000), Size(columns: 6000, rows: 6000), Size(columns: 501, rows: 30),
                         Size(columns: 120, rows: 201), Size(columns: Int.max, rows: Int.max)] {
                let state = demo(size, language: language)
                let frame = AppView.render(state, size: state.size)
                XCTAssertLessThanOrEqual(frame.size.columns, AppState.maximumSize.columns, "\(language) \(size)")
                XCTAssertLessThanOrEqual(frame.size.rows, AppState.maximumSize.rows, "\(language) \(size)")
                XCTAssertEqual(frame.rows.count, frame.size.rows)
                let lines = frame.text.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                XCTAssertEqual(lines.count, 3, "only the three lines, nothing of the app: \(lines)")
                XCTAssertEqual(lines.first, words, "\(language) \(size)")
                XCTAssertTrue(lines[1].hasPrefix("\(size.columns)x\(size.rows);"), lines[1])
                XCTAssertTrue(lines[1].hasSuffix("500x200"), lines[1])
            }
        }
    }

    func testAtTheMaximumTheAppDrawsAsUsual() {
        let state = demo(AppState.maximumSize)
        let frame = AppView.render(state, size: state.size)
        XCTAssertEqual(frame.size, AppState.maximumSize)
        XCTAssertTrue(frame.text.joined().contains("Welcome to the TermBank demo"))
        XCTAssertFalse(frame.text.joined().contains("Window too large"))
    }

    func testKeysTypedIntoAHugeWindowDoNothingAndItsLayoutsStayWithinTheMaximum() {
        var state = demo(Size(columns: 3000, rows: 3000))
        let before = state.screen
        XCTAssertEqual(AppReducer.reduce(&state, .key(.character("g"))), [])
        XCTAssertEqual(AppReducer.reduce(&state, .key(.enter)), [])
        XCTAssertEqual(state.screen, before)
        let drawn = AppView.appSize(state)
        XCTAssertLessThanOrEqual(drawn.columns, AppState.maximumSize.columns)
        XCTAssertLessThanOrEqual(drawn.rows, AppState.maximumSize.rows)
        // Back to a usual size: the app again, keys act.
        _ = AppReducer.reduce(&state, .key(.resize(Size(columns: 120, rows: 30))))
        XCTAssertNotEqual(AppReducer.reduce(&state, .key(.character("g"))), [])
    }

    func testAsciiTerminalsGetTheSameBoundedFrame() {
        var state = demo(Size(columns: 3000, rows: 3000))
        state.charset = .ascii
        let frame = AppView.render(state, size: state.size)
        XCTAssertEqual(frame.size, AppState.maximumSize)
        XCTAssertTrue(frame.text.joined().contains("Window too large"))
    }
}
