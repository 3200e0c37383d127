import Foundation
import TermBankApp
import TermBankBenchmarks
import TermBankCore
import XCTest

/// The product's reason to exist: a stakeholder with nothing but `ssh` plays
/// the demo's guided story, exactly as the welcome screen tells it, reading
/// every code off the phone in the session. The same `GuidedStory` that
/// `termbank bench story` counts plays it here over real OpenSSH, at each
/// size the welcome screen names and in each language, with the ways a
/// first-time person answers differently, and three people at once.
final class GuidedStoryOverSSHTests: SSHDemoTestCase, GuidedStoryPlaying {
    func testTheStoryFinishesAt120x30InEnglish() throws {
        try play(.english, columns: 120, rows: 30, key: "alice")
    }

    func testTheStoryFinishesAt80x24InBrazilianPortuguese() throws {
        try play(.portugueseBrazil, columns: 80, rows: 24, key: "bob")
    }

    func testTheStoryFinishesAt60x20InItalian() throws {
        try play(.italian, columns: 60, rows: 20, key: "carol")
    }

    func testTheStoryFinishesAt60x20InUkrainian() throws {
        try play(.ukrainian, columns: 60, rows: 20, key: "alice")
    }

}

/// The ways a person answers differently, and three people at once, on a demo of their own: one
/// address makes at most five guests an hour (decision 47), and the tests above use five.
final class GuidedStoryVariationsOverSSHTests: SSHDemoTestCase, GuidedStoryPlaying {
    /// `y` to trust the device, SMS turned off in Security before logging out, one resend, a cancelled
    /// transfer: none of them blocks a step (the hourly SMS limits included).
    func testTheStoryFinishesWithEveryVariationAPersonMightTry() throws {
        try play(.english, columns: 80, rows: 24, key: "bob", variations: .all)
    }

    func testThreeStakeholdersPlayTheStoryAtOnceAndTheBooksBalance() throws {
        let demo = try running()
        let people: [(key: String, language: Language, columns: Int, rows: Int)] = [
            ("alice", .english, 120, 30), ("bob", .italian, 80, 24), ("carol", .ukrainian, 60, 20),
        ]
        let stories = try people.map { person in
            try story(demo, key: person.key, language: person.language, columns: person.columns, rows: person.rows)
        }
        // Each plays on a thread of its own; each story touches only its own window.
        let failures = Failures()
        let playing = Stories(stories)
        DispatchQueue.concurrentPerform(iterations: stories.count) { index in
            do { try playing.stories[index].play() } catch { failures.add("\(people[index].key): \(error)") }
        }
        XCTAssertEqual(failures.all, [])
        for story in stories {
            XCTAssertEqual(story.codeFromThePhone, true)
            try story.waitForEveryStepTicked()
        }
        XCTAssertEqual(Set(stories.map(\.username)).count, 3, "three customers of their own")
        for story in stories { try assertMoved(story, demo: demo) }
        let check = try demo.termbank(["check"])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("consistent=yes"), check.stdout)
    }

}

/// Playing the story over SSH, shared by the test classes, each on its own demo.
protocol GuidedStoryPlaying: SSHDemoTestCase {}

extension GuidedStoryPlaying {

    /// One stakeholder's story. The tests share one demo, and a key makes at most five guests an hour
    /// (decision 47): they take turns with the three keys.
    func play(_ language: Language, columns: Int, rows: Int, key: String, variations: StoryVariations = [],
              file: StaticString = #filePath, line: UInt = #line) throws {
        let demo = try running()
        let story = try story(demo, key: key, language: language, columns: columns, rows: rows, variations: variations)
        try story.play()
        // Nothing but the ssh connection: the last code too came off the phone in the session,
        // and the checklist shows every step done from what the bank recorded.
        XCTAssertEqual(story.codeFromThePhone, true, file: file, line: line)
        try story.waitForEveryStepTicked()
        try assertMoved(story, demo: demo, file: file, line: line)
        let check = try demo.termbank(["check"])
        XCTAssertTrue(check.stdout.contains("consistent=yes"), check.stdout, file: file, line: line)
    }

    /// A stakeholder's ssh window, in their language (their terminal's LANG, as ssh sends it).
    func story(_ demo: SSHDemo, key: String, language: Language, columns: Int, rows: Int,
               variations: StoryVariations = []) throws -> GuidedStory {
        let locale = ["en": "en_US.UTF-8", "pt-BR": "pt_BR.UTF-8", "it": "it_IT.UTF-8", "uk": "uk_UA.UTF-8"][language.code]!
        let window = try TmuxSession(["/usr/bin/env", "-u", "LC_ALL", "LANG=\(locale)", "/usr/bin/ssh", "-tt", "-o", "SendEnv=LANG"]
                                     + demo.sshArguments(key: key), columns: columns, rows: rows)
        addTeardownBlock { window.kill() }
        return GuidedStory(terminal: TmuxStoryTerminal(window, columns: columns, rows: rows), language: language,
                           variations: variations, now: { Timestamp(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970 * 1000)) })
    }

    /// The bank booked the story's transfer for the story's customer, and nothing else moved.
    func assertMoved(_ story: GuidedStory, demo: SSHDemo, file: StaticString = #filePath, line: UInt = #line) throws {
        let statement = try demo.termbank(["statement", story.username, "--limit", "1"]).stdout
        let checking = 5_000 - story.amount, savings = 10_000 + story.amount
        XCTAssertTrue(statement.hasPrefix("\(story.username): Checking \(grouped(checking)).00, Savings \(grouped(savings)).00\n"),
                      statement, file: file, line: line)
    }

    func grouped(_ whole: Int) -> String {
        let digits = String(whole)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

}

/// Stories handed to the threads that play them, one each.
final class Stories: @unchecked Sendable {
    let stories: [GuidedStory]
    init(_ stories: [GuidedStory]) { self.stories = stories }
}

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ failure: String) { lock.lock(); list.append(failure); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
