import TermBankCore

/// The app's words in English, moved here unchanged from the views.
public struct EnglishAppCatalog: AppCatalog {
    public init() {}

    public var core: any CoreCatalog { EnglishCoreCatalog() }

    public var answers: AnswerKeys { .english }

    public func text(_ text: ChromeText) -> String {
        switch text {
        case .brand: return "TermBank"
        case .idleWarning(let left): return "Signing out in \(left) s for inactivity. Press any key to stay signed in."
        case .tooSmall: return "Terminal too small"
        case .tooSmallSize(let size, let needs):
            return "\(size.columns)x\(size.rows); TermBank needs \(needs.columns)x\(needs.rows)"
        case .makeItLarger: return "Make the window larger."
        case .tooLarge: return "Window too large"
        case .tooLargeSize(let size, let allows):
            return "\(size.columns)x\(size.rows); TermBank draws at most \(allows.columns)x\(allows.rows)"
        case .makeItSmaller: return "Make the window smaller."
        case .closingForInactivity(let left): return "Closing in \(left) s for inactivity. Press any key to stay."
        case .keysTitle: return "Keys"
        case .anyKeyCloses: return "any key closes"
        case .sameKeysOnAUkrainianLayout: return "The same keys work on a Ukrainian layout."
        case .otherKeysOnTheBar: return "The other keys are on the bar below."
        case .sendingACode: return "Sending a code to your phone…"
        case .newMessageOnThePhone: return "New message on the customer's phone: press Ctrl-P to see it."
        case .phoneBanner: return "Phone (Ctrl-P):"
        }
    }

    public func text(_ text: SignInText) -> String {
        switch text {
        case .signInTitle: return "Sign in to TermBank"
        case .welcome: return "Welcome. Sign in with your username and password."
        case .usernameLabel: return "Username"
        case .passwordLabel: return "Password"
        case .checking: return "Checking…"
        case .signingIn: return "Signing in…"
        case .simulatedDevice(let name): return "Simulated device: \(name)"
        case .thisDevice(let name): return "This device: \(name)"
        case .enterUsernameAndPassword: return "Enter your username and password."
        case .enterPassword: return "Enter your password."
        case .devicePickerTitle: return "Which phone are you holding?"
        case .devicePickerExplanation: return "Each session stands for one simulated phone."
        case .sitekeyTitle: return "Is this your sitekey?"
        case .onlyTheRealBankKnows: return "Only the real TermBank knows your picture."
        case .signInChoice: return "Sign in"
        case .notMyImageChoice: return "This is not my image"
        case .notMyImageLink: return "[ This is not my image ]"
        case .sitekeyFirstPrompt: return "If you recognise your picture and phrase, type your password."
        case .biometry(.touchID): return "Touch ID"
        case .biometry(.faceID): return "Face ID"
        case .biometry(.none): return "no biometry"
        case .fieldFull: return "full"
        }
    }
}

extension EnglishAppCatalog {
    /// The status line on a terminal that shows only ASCII when the chosen
    /// language needs more: always in English, the language shown instead.
    public func asciiOnlyNote(instead language: Language) -> String {
        let name: String
        switch language {
        case .english: name = "English"
        case .portugueseBrazil: name = "Brazilian Portuguese"
        case .italian: name = "Italian"
        case .ukrainian: name = "Ukrainian"
        }
        return "This terminal shows ASCII only: English instead of \(name)."
    }
}
