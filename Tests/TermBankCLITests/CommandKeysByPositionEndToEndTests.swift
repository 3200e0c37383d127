import Foundation
import TermBankTestKit
import XCTest

/// The real binary in tmux, typed at as on a Ukrainian (ЙЦУКЕН) layout: the
/// terminal sends the Cyrillic letter on each key. On the statement the key
/// marked T ("е") opens the transfer and the key marked A ("ф") Security; at
/// the logout question the key marked Y ("н") is not read as y (decision 38).
extension AppEndToEndTests {
    func testOnAUkrainianLayoutTheStatementsKeysWorkByPlaceAndTheLogoutQuestionIgnoresPlaces() throws {
        let (app, _) = try startApp()
        try app.signIn(.alice)
        try app.waitFor("alice · iphone-touchid", "History: both accounts", "SMS verification on sign-in [ OFF ]")

        try app.type("е")
        try app.waitFor("Move money", "◀ Checking ▶")
        // In the amount a Cyrillic letter is a letter, kept as typed, never a key's Latin twin.
        try app.type("5е")
        try app.waitFor("5е")
        try app.press("Escape")
        try app.waitFor("History: both accounts")

        try app.type("ф")
        try app.waitFor("Security", "Esc Back")
        try app.press("Escape")
        try app.waitFor("History: both accounts")

        try app.type("д")
        try app.waitFor("Perform SMS verification on login?")
        // Read as y, "н" would turn SMS verification on and sign out; in English it answers nothing,
        // and Esc then closes the question.
        try app.type("н")
        try app.press("Escape")
        let after = try app.waitUntil("the question to close") { !$0.shows("Perform SMS verification on login?") }
        XCTAssertTrue(after.shows("History: both accounts") && after.shows("SMS verification on sign-in [ OFF ]"),
                      after.framed)
        XCTAssertFalse(after.shows("Signed out"), after.framed)
    }

    /// On both the Ukrainian and the Russian layout the key marked / types
    /// ".": on the statement it opens the search, and the search then takes
    /// "." and the Russian "ы" as typed.
    func testOnAUkrainianOrRussianLayoutTheKeyMarkedSlashOpensTheSearchWhichKeepsWhatIsTyped() throws {
        let (app, _) = try startApp()
        try app.signIn(.alice)
        try app.waitFor("History: both accounts")
        try app.type(".")
        try app.waitFor("Search descriptions and references:")
        try app.type("ы.")
        try app.waitFor("ы.▏")
    }
}
