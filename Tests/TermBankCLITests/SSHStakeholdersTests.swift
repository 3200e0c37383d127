import Foundation
import XCTest

/// Stakeholders at once through real OpenSSH, each with a
/// key of their own, each making a demo customer of their own (`g`), signing
/// in and moving money with codes read off their own simulated phone, on
/// their own screen. Nothing comes from the operator's `termbank phone`.
final class SSHStakeholdersTests: SSHDemoTestCase {
    /// One stakeholder: their ssh window, and what they read off it.
    final class Stakeholder {
        let key: String
        let window: TmuxSession
        /// Whether the phone is beside the app (120 columns or more) or is slid over it with Ctrl-P.
        let phoneBeside: Bool
        var username = ""
        var password = ""
        var codes: [String] = []

        init(key: String, window: TmuxSession, phoneBeside: Bool) {
            self.key = key
            self.window = window
            self.phoneBeside = phoneBeside
        }
    }

    func testThreeStakeholdersAtOnceEachWithTheirOwnGuestAndPhoneSeeOnlyTheirOwnCodesAndMoney() throws {
        let demo = try running()
        // Two wide terminals (the phone beside the app) and one at 80x24 (Ctrl-P slides it over).
        let people = try [("alice", 120, 30), ("bob", 132, 34), ("carol", 80, 24)].map { key, columns, rows in
            let window = try TmuxSession(["/usr/bin/ssh", "-tt"] + demo.sshArguments(key: key), columns: columns, rows: rows)
            addTeardownBlock { window.kill() }
            return Stakeholder(key: key, window: window, phoneBeside: columns >= 120)
        }
        for person in people {
            try person.window.waitFor("Welcome to the TermBank demo", "Start as a new demo customer")
        }

        // Each makes a demo customer and notes the password shown once.
        for person in people { try person.window.press("g") }
        for person in people {
            let card = try person.window.waitFor("Your demo customer", "The phone keeps a copy under Passwords.")
            person.username = try XCTUnwrap(word(after: "Username", on: card), card.framed)
            person.password = try XCTUnwrap(word(after: "Password", on: card), card.framed)
            XCTAssertTrue(person.username.hasPrefix("guest-"), card.framed)
        }
        XCTAssertEqual(Set(people.map(\.username)).count, 3, "three customers")

        // Each signs in: password, sitekey, fingerprint, then the code from their own phone.
        for person in people {
            try person.window.press("Enter")
            try person.window.waitFor("Sign in to TermBank", person.username)
            try person.window.type(person.password)
            try person.window.press("Enter")
        }
        for person in people {
            try person.window.waitFor("Is this your sitekey?")
            try person.window.press("Enter")
            try person.window.waitFor("Touch ID")
            try person.window.press("Enter")
        }
        for person in people {
            try person.window.waitFor("Verify it's you")
            person.codes.append(try readCode(person, marker: "your sign-in code is"))
        }
        try assertNobodySeesAnothersCodeOrCustomer(people)
        for person in people {
            try person.window.type(person.codes[0])
            try person.window.waitFor("Trust this device")
            try person.window.press("n")
            try person.window.waitFor("\(person.username) · ", "$5,000.00", "$10,000.00")
        }

        // A phone window of alice's key, as a stakeholder would open beside the app.
        let phoneWindow = try TmuxSession(["/usr/bin/ssh", "-tt"] + demo.sshArguments(key: "alice") + ["phone"])
        addTeardownBlock { phoneWindow.kill() }
        try phoneWindow.waitFor("Customer's phone (simulated)", people[0].username)

        // Each moves a different amount from checking to savings, approved with the code on their phone.
        let amounts = ["111", "222", "333"]
        for (person, amount) in zip(people, amounts) {
            try person.window.press("t")
            try person.window.waitFor("Move money")
            try person.window.type(amount)
            try person.window.press("Enter")
        }
        for (person, amount) in zip(people, amounts) {
            try person.window.waitFor("Review your transfer", "$\(amount).00")
            try person.window.press("Enter")
        }
        for (person, amount) in zip(people, amounts) {
            try person.window.waitFor("Approve this transfer")
            person.codes.append(try readCode(person, marker: "approves moving $\(amount).00 from Checking to Savings"))
        }
        try assertNobodySeesAnothersCodeOrCustomer(people)
        for person in people { try person.window.type(person.codes[1]) }
        for (person, amount) in zip(people, amounts) {
            try person.window.waitFor("Transfer complete", balance(5_000 - Int(amount)!), balance(10_000 + Int(amount)!))
        }

        // No one's screen shows another's transfer or balances; the phone window showed alice's code only.
        for person in people {
            let screen = try person.window.screen()
            for (other, amount) in zip(people, amounts) where other !== person {
                XCTAssertFalse(screen.shows(balance(5_000 - Int(amount)!)), "\(person.key) sees \(other.key)'s balance:\n\(screen.framed)")
                XCTAssertFalse(screen.shows("$\(amount).00"), "\(person.key) sees \(other.key)'s transfer:\n\(screen.framed)")
            }
        }
        let alicesPhone = try phoneWindow.waitFor("approves moving $111.00")
        XCTAssertTrue(alicesPhone.flowing.contains(people[0].codes[1]), alicesPhone.framed)
        for other in people.dropFirst() {
            for code in other.codes { XCTAssertFalse(alicesPhone.flowing.contains(code), alicesPhone.framed) }
            XCTAssertFalse(alicesPhone.shows(other.username), alicesPhone.framed)
        }
        try assertNobodySeesAnothersCodeOrCustomer(people)

        // The bank agrees, and its books balance.
        for (person, amount) in zip(people, amounts) {
            let statement = try demo.termbank(["statement", person.username, "--limit", "1"]).stdout
            XCTAssertTrue(statement.hasPrefix("\(person.username): Checking \(plain(5_000 - Int(amount)!)), "
                                              + "Savings \(plain(10_000 + Int(amount)!))\n"), statement)
        }
        let check = try demo.termbank(["check"])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("consistent=yes"), check.stdout)
    }

    func testOnlyThePhoneCommandIsTakenAndOnlyWithATerminal() throws {
        let demo = try running()
        for command in ["ls", "sh", "phone; id", "/bin/sh -i", "scp -t /tmp"] {
            let run = try SSHDemo.run("/usr/bin/ssh", demo.sshArguments(extra: ["-T"]) + [command], timeout: 30)
            XCTAssertEqual(run.stdout, "", command)
            XCTAssertEqual(run.stderr, "termbank: This demo runs TermBank only; the one command it takes is \"phone\".\n", command)
            XCTAssertEqual(run.status, 69, command)
        }
        let phoneWithoutATerminal = try SSHDemo.run("/usr/bin/ssh", demo.sshArguments(extra: ["-T"]) + ["phone"], timeout: 30)
        // Its own advice: "and no command" would open the app, not the phone.
        XCTAssertEqual(phoneWithoutATerminal.stderr,
                       "termbank: The phone needs a terminal: connect with \"ssh -t\" and the command \"phone\".\n")
        XCTAssertEqual(phoneWithoutATerminal.status, 69)
    }

    // MARK: Reading the screen

    /// The code after `marker` on the person's own phone: beside the app, or
    /// slid over it with Ctrl-P and back.
    func readCode(_ person: Stakeholder, marker: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let phone: Screen
        if person.phoneBeside {
            phone = phoneColumns(try person.window.waitUntil(file: file, line: line, "\(marker) on the phone beside the app") {
                self.phoneColumns($0).flowing.contains(marker)
            })
        } else {
            try person.window.waitFor("Phone (Ctrl-P): TermBank:", file: file, line: line)
            try person.window.press("C-p")
            phone = phoneColumns(try person.window.waitUntil(file: file, line: line, "\(marker) on the phone over the app") {
                $0.shows("Customer's phone (simulated)") && self.phoneColumns($0).flowing.contains(marker)
            })
            try person.window.press("C-p")
            try person.window.waitUntil(file: file, line: line, "the phone to slide back") { !$0.shows("Customer's phone (simulated)") }
        }
        // The message with the marker, from its "TermBank:" to the end of the sentence: its one 6-digit number.
        let flowing = phone.flowing
        let end = flowing.range(of: marker)!.upperBound
        let start = flowing[..<end].range(of: "TermBank:", options: .backwards)?.lowerBound ?? flowing.startIndex
        let message = String(flowing[start..<end]) + String(flowing[end...].prefix { $0 != "." })
        let codes = message.split { !$0.isNumber }.map(String.init).filter { $0.count == 6 }
        XCTAssertEqual(codes.count, 1, "one code in \"\(message)\"", file: file, line: line)
        XCTAssertTrue(phone.shows(person.username), "the phone is \(person.username)'s:\n\(phone.framed)", file: file, line: line)
        return codes.first ?? ""
    }

    /// The phone, beside the app or slid over it: the rightmost 40 columns.
    func phoneColumns(_ screen: Screen) -> Screen {
        let width = screen.lines.map(\.count).max() ?? 0
        return Screen(screen.lines.map { String($0.dropFirst(max(0, width - 40))) }.joined(separator: "\n"))
    }

    func assertNobodySeesAnothersCodeOrCustomer(_ people: [Stakeholder], line: UInt = #line) throws {
        for person in people {
            let screen = try person.window.screen()
            for other in people where other !== person {
                XCTAssertFalse(screen.shows(other.username), "\(person.key) sees \(other.username):\n\(screen.framed)", line: line)
                for code in other.codes {
                    XCTAssertFalse(screen.flowing.contains(code), "\(person.key) sees \(other.key)'s code:\n\(screen.framed)", line: line)
                }
            }
        }
    }

    /// The word after `label` on the line that has it ("Username    guest-amber-fox").
    func word(after label: String, on screen: Screen) -> String? {
        for line in screen.lines {
            let words = line.split(whereSeparator: { $0.isWhitespace || $0 == "│" }).map(String.init)
            if let index = words.firstIndex(of: label), index + 1 < words.count { return words[index + 1] }
        }
        return nil
    }

    /// Whole dollars as the app shows them: "$4,889.00".
    func balance(_ dollars: Int) -> String { "$" + plain(dollars) }

    /// Whole dollars as the operator's statement shows them: "4,889.00".
    func plain(_ dollars: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        return (formatter.string(from: NSNumber(value: dollars)) ?? String(dollars)) + ".00"
    }
}
