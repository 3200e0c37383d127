@testable import TermBankApp
import TermBankCore
import XCTest

/// No text touches or crosses a box's border, and nothing covers the key
/// bar, at any size the app accepts (decision 61): every screen of the catalog
/// and golden lists, and the help over each, in the four languages, from
/// the smallest size the app draws up to 120x30 and at odd sizes between.
final class BoxBorderTests: XCTestCase {
    /// The smallest size, each side one larger, the two standard sizes, odd
    /// sizes between, and 120x30 (where the demo's phone goes beside the app).
    static let sizes = [AppView.minimumSize, Size(columns: 61, rows: 20), Size(columns: 60, rows: 21),
                        Size(columns: 67, rows: 22), Size(columns: 73, rows: 23), Size(columns: 80, rows: 24),
                        Size(columns: 87, rows: 25), Size(columns: 97, rows: 29), Size(columns: 119, rows: 29),
                        Size(columns: 120, rows: 30)]

    /// Every listed screen once (a name in both lists is the same screen
    /// drawn twice), and over each without a modal or the phone, the help.
    static func screens(_ language: Language) -> [(name: String, state: AppState)] {
        let listed = CatalogScreens.all.map { ($0.name, Fitting.speaking(language, $0.state, $0.size)) }
            + LanguageGoldenScreens.all(language).map { ("golden " + $0.name, $0.state) }
        return listed.flatMap { name, state -> [(name: String, state: AppState)] in
            guard state.modal == nil, !state.showsHelp, state.demo?.phoneOpen != true else { return [(name, state)] }
            var help = state
            help.showsHelp = true
            return [(name, state), (name + ", help", help)]
        }
    }

    func testNoTextTouchesOrCrossesABorderAndNothingCoversTheKeyBar() {
        var failures: [String] = []
        for language in Language.allCases {
            for (name, state) in Self.screens(language) {
                for size in Self.sizes {
                    let faults = BoxBorders.faults(state, size: size)
                    guard !faults.isEmpty else { continue }
                    let place = "\(language.code) \(name) at \(size.columns)x\(size.rows)"
                    failures.append(place + ": " + faults[0])
                    guard failures.count <= 10 else { continue }
                    var drawn = state
                    drawn.size = size
                    XCTFail(place + ": \(faults.count) faults, first \(faults[0])\n"
                            + AppView.render(drawn, size: size).text.joined(separator: "\n"))
                }
            }
        }
        XCTAssertEqual(failures, [], "frames with a fault")
    }

    /// Every state the exploration reaches in six inputs from the login and
    /// from the statement (`ExplorationTests`: keys, typed words, the
    /// clock, a scripted bank), at the smallest size and at 80x24: the
    /// screens as a customer gets to them, errors and half-typed forms too.
    func testNoStateTheExplorationReachesHasAFault() {
        final class Gathered: @unchecked Sendable { var states: [AppState] = [] }
        let gathered = Gathered()
        let exploration = ExplorationTests(name: "explore", testClosure: { _ in })
        for start in [Fixture.state(), Fixture.signedIn()] {
            _ = exploration.explore(from: start, bank: ExplorationTests.ScriptedBank(), depth: 6) { state in
                gathered.states.append(state)
                return false
            }
        }
        var drawn: Set<[String]> = []
        var failures: [String] = []
        for state in gathered.states {
            for size in [AppView.minimumSize, Size(columns: 80, rows: 24)] {
                var sized = state
                sized.size = size
                let frame = AppView.render(sized, size: size)
                guard drawn.insert(frame.text).inserted else { continue }
                let faults = BoxBorders.faults(frame)
                    + BoxBorders.keyBarFaults(sized, frame: frame, words: sized.shownLanguage.appCatalog)
                if let first = faults.first, failures.count < 10 {
                    failures.append(first + "\n" + frame.text.joined(separator: "\n"))
                }
            }
        }
        XCTAssertGreaterThan(drawn.count, 100, "the exploration reaches many screens")
        XCTAssertEqual(failures, [])
    }

    /// The check sees each kind of fault: a line over a side, text against
    /// a side from within, words over an edge, and text over the key bar.
    func testTheCheckCatchesEachFault() {
        var frame = Frame(size: Size(columns: 20, rows: 6))
        frame.box(Rect(row: 0, column: 0, columns: 10, rows: 5), title: "Box")
        XCTAssertEqual(BoxBorders.faults(frame), [])
        var over = frame
        over.put("too long", row: 2, column: 4)
        XCTAssertEqual(BoxBorders.faults(over).count, 2, "over the right side, and the padding inside it")
        var touching = frame
        touching.put("x", row: 2, column: 1)
        XCTAssertEqual(BoxBorders.faults(touching), ["box at 0,0 10x5: 'x' touches a side at row 2, column 1"])
        var onEdge = frame
        onEdge.put("[ok]", row: 4, column: 3)
        XCTAssertEqual(BoxBorders.faults(onEdge).count, 4, "the bottom edge holds no words set into it")
        var labelled = frame
        labelled.putOnEdge("ok", row: 4, column: 3)
        XCTAssertEqual(BoxBorders.faults(labelled), [], "words set into the edge on purpose")
        var covered = frame
        covered.fill(Rect(row: 1, column: 5, columns: 10, rows: 3), role: .normal)
        covered.box(Rect(row: 1, column: 5, columns: 10, rows: 3))
        XCTAssertEqual(BoxBorders.faults(covered), [], "a box over another hides that part of it")

        var help = Fixture.signedIn()
        help.showsHelp = true
        let small = Size(columns: 60, rows: 20)
        XCTAssertEqual(BoxBorders.faults(help, size: small), [])
        var status = Fixture.signedIn()
        status.size = small
        let layout = ScreenLayout(status, size: small, words: EnglishAppCatalog(), status: nil)
        var frameOverBar = AppView.render(status, size: small)
        frameOverBar.put("covered", row: layout.keyBarRow, column: 1)
        XCTAssertFalse(BoxBorders.keyBarFaults(status, frame: frameOverBar, words: EnglishAppCatalog()).isEmpty)
    }
}
