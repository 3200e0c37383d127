@testable import TermBankApp
import TermBankCore
import XCTest

/// The code screen says how many codes are left this hour
/// once two or fewer are (decision 52), from the ticket the bank returned,
/// in every language and at every size; with more left it says nothing.
final class CodesLeftThisHourTests: XCTestCase {
    func ticket(left: Int?) -> VerificationTicket {
        VerificationTicket(id: VerificationID(trusted: String(repeating: "a", count: 32)), purpose: .signIn,
                           phone: Fixture.bob.phone, codeLength: 6, expiresAt: Fixture.start.adding(seconds: 300),
                           lastEventAt: Fixture.start, events: 1, sendsLeftThisHour: left)
    }

    func screen(left: Int?, purpose: StepPurpose = .signIn, _ language: Language = .english,
                size: Size = Fixture.size) -> String {
        var state = Fixture.state()
        state.screen = .pin(PinEntry(ticket: ticket(left: left), purpose: purpose))
        return AppView.render(state, size: size, words: language.appCatalog).text.joined(separator: "\n")
    }

    func testFromTwoLeftTheScreenSaysHowManyAndNotBefore() {
        XCTAssertTrue(screen(left: 2).contains("2 codes left this hour"), screen(left: 2))
        XCTAssertTrue(screen(left: 1).contains("1 code left this hour"), screen(left: 1))
        XCTAssertTrue(screen(left: 0).contains("No codes left this hour"), screen(left: 0))
        XCTAssertFalse(screen(left: 3).contains("left this hour"), screen(left: 3))
        XCTAssertFalse(screen(left: nil).contains("left this hour"), "a ticket no one counted says nothing")
    }

    func testEveryLanguageSaysItAtEverySizeOnBothPurposes() {
        let expected: [Language: String] = [.english: "2 codes left this hour", .portugueseBrazil: "Restam 2 códigos nesta hora",
                                             .italian: "Ancora 2 codici in quest'ora", .ukrainian: "Цієї години залишилось 2 коди"]
        for (language, text) in expected {
            for size in [Size(columns: 120, rows: 30), Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
                for purpose: StepPurpose in [.signIn, .transfer(Fixture.pending)] {
                    let shown = screen(left: 2, purpose: purpose, language, size: size)
                    XCTAssertTrue(shown.contains(text), "\(language) \(size)\n\(shown)")
                }
            }
        }
        XCTAssertEqual(UkrainianAppCatalog().text(SecondFactorText.codesLeftThisHour(1)), "Цієї години залишився 1 код")
        XCTAssertEqual(PortugueseBrazilAppCatalog().text(SecondFactorText.codesLeftThisHour(1)), "Resta 1 código nesta hora")
        XCTAssertEqual(ItalianAppCatalog().text(SecondFactorText.codesLeftThisHour(0)), "Nessun altro codice in quest'ora")
    }
}
