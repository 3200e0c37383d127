@testable import TermBankApp
import TermBankCore

/// The app as a whole: random keys, typed words, pastes, clock ticks and
/// window sizes from every starting screen, in each language, through the
/// runtime's `Dispatcher` and `EffectRunner` against a scripted bank that
/// enforces its own factors (as the core does). After every input:
/// - the frame is exactly the window's size;
/// - no text field holds more than its limit;
/// - no signed-in screen without a session, no session the bank did not open,
///   and the bank was never asked for a session before every factor passed.
enum ReducerFuzz {
    static let start = Timestamp(secondsSinceEpoch: 1_796_000_000)
    static let keys: [Key] = [.enter, .escape, .tab, .backTab, .up, .down, .left, .right, .backspace, .delete, .home, .end,
                              .pageUp, .pageDown, .control("c"), .control("l"), .control("p"), .function(1), .function(2),
                              .character("x"), .character("y"), .character("n"), .character("t"), .character("s"),
                              .character("p"), .character("g"), .character("q"), .character("/"), .character("?"),
                              .character("т"), .character("н"), .character("1"), .character("."), .character(","), .unknown]
    static let words = ["alice", "bob", "wonderland-42", "builder-2026", "nope", "123456", ScriptedBank.transferCode, "250",
                        "1.250,00", "1,250.00", "bob", "guest-amber-fox"]

    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let bank = ScriptedBank()
        let client = bank.client()
        var state = startingState(input.byte(), bank: bank)
        var steps = 0
        while !input.isEmpty, steps < 64, !state.quitting {
            steps += 1
            var loop = Dispatcher(state)
            var effects: [Effect]
            let op = input.byte()
            switch op % 8 {
            case 0, 1, 2: effects = loop.key(keys[Int(op / 8) % keys.count])
            case 3: effects = words[Int(op / 8) % words.count].unicodeScalars.flatMap { loop.key(Key(typed: $0)) }
            case 4: effects = loop.key(.resize(Size(columns: input.below(301), rows: input.below(121))))
            case 5: effects = loop.key(.paste(input.text(upTo: 80)))
            case 6: effects = loop.tick(loop.state.now.adding(seconds: op & 0x80 == 0 ? 1 : 301))
            default: effects = input.text(upTo: 8).unicodeScalars.flatMap { loop.key(Key(typed: $0)) }
            }
            var rounds = 0
            while !effects.isEmpty, rounds < 32 {
                rounds += 1
                let answers = effects.filter(Dispatcher.isForTheBank).compactMap { EffectRunner.run($0, client: client) }
                effects = answers.flatMap { loop.reply($0) }
            }
            state = loop.state
            check(state, bank)
        }
    }

    static func startingState(_ choice: UInt8, bank: ScriptedBank) -> AppState {
        let language = LanguageSelection(Language.allCases[Int(choice / 8) % Language.allCases.count], source: .option)
        let size = Size(columns: 80, rows: 24)
        switch choice % 6 {
        case 0: return AppState(size: size, now: start, deviceName: "iphone-touchid", language: language)
        case 1: return AppState(size: size, now: start, deviceName: nil, demo: true, language: language)
        case 2: return AppState(size: size, now: start, deviceName: nil,
                                deviceChoices: [.init(name: "iphone-touchid", biometry: .touchID), .init(name: "pixel", biometry: .none)],
                                language: language)
        case 3: return AppState(size: size, now: start, deviceName: nil, demo: true,
                                phoneWindow: PhoneWindowScreen(choices: ["alice", "bob"]), language: language)
        case 4: return AppState(size: Size(columns: 120, rows: 30), now: start, deviceName: "iphone-touchid", demo: true,
                                language: language)
        default:
            // Signed in as alice, on the statement, as the bank agrees.
            var state = AppState(size: size, now: start, deviceName: "iphone-touchid", language: language)
            bank.sessionUser = "alice"
            _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(bank.session("alice")))))
            _ = AppReducer.reduce(&state, .banking(.accountLoaded(.success(bank.account("alice")))))
            return state
        }
    }

    static func check(_ state: AppState, _ bank: ScriptedBank) {
        let frame = AppView.render(state, size: state.size)
        FuzzCheck.require(frame.size == state.size, "a frame of \(frame.size) for a window of \(state.size)")
        FuzzCheck.require(frame.text.count == max(state.size.rows, 0), "\(frame.text.count) rows drawn for \(state.size.rows)")
        FuzzCheck.require(bank.violations.isEmpty, "the bank saw: \(bank.violations)")
        // The screen says whether it needs a session (decision 80), as in the exploration test.
        if state.screen.feature.needsSession {
            FuzzCheck.require(state.session != nil, "\(type(of: state.screen.feature)) shown without a session")
        }
        if let session = state.session {
            FuzzCheck.require(session.user.username.rawValue == bank.sessionUser, "the app is signed in; the bank is not")
        }
        FieldLimits.check(state)
    }
}

/// Every text field's limit, found by the field's name wherever it sits in the state.
enum FieldLimits {
    static let limits: [String: InputLimit] = [
        "username": FieldLimit.username, "usernameText": FieldLimit.username, "password": FieldLimit.password,
        "amountText": FieldLimit.amount, "referenceText": FieldLimit.paymentReference, "searchDraft": FieldLimit.search,
        "phone": FieldLimit.phone, "newPhoneCode": FieldLimit.smsCode, "passcode": FieldLimit.passcode,
        // An SMS code and a recovery code are both "code"; the longer limit holds for both.
        "code": FieldLimit.recoveryCode,
    ]

    static func check(_ value: Any, depth: Int = 0) {
        guard depth < 8 else { return }
        for child in Mirror(reflecting: value).children {
            if let label = child.label, let limit = limits[label] {
                let text = (child.value as? String) ?? (child.value as? Secret)?.exposedValue
                if let text { FuzzCheck.require(limit.contains(text), "\(label) holds \(text.unicodeScalars.count) scalars") }
            }
            if child.value is String || child.value is Secret { continue }
            check(child.value, depth: depth + 1)
        }
    }
}
