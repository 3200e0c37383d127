/// Identity, passwords, sign-in, sessions and demo customers.
extension EnglishCoreCatalog {
    public func text(_ problem: Username.Problem) -> String {
        switch problem {
        case .length: return "A username has 2 to 32 characters."
        case .characters: return "A username uses only letters a-z, digits, \"_\", \".\" and \"-\"."
        }
    }

    public func text(_ problem: PasswordPolicy.Problem) -> String {
        switch problem {
        case .tooShort: return "A password has at least \(PasswordPolicy.minimumLength) characters."
        case .tooLong: return "A password has at most \(PasswordPolicy.maximumLength) characters."
        case .common: return "That password is too common; choose one that others are unlikely to use."
        case .containsUsername: return "A password must not contain the username."
        case .controlCharacters: return "A password cannot contain control characters such as Tab or Enter."
        }
    }

    public func text(_ problem: PhoneNumber.Invalid) -> String {
        "A phone number starts with + and the country code, then 8 to 15 digits in all, e.g. +1 555 0100."
    }

    public func text(_ problem: Sitekey.Problem) -> String {
        switch problem {
        case .unknownImage:
            return "Unknown sitekey image; choose one of: \(Sitekey.images.joined(separator: ", "))."
        case .phraseLength: return "A sitekey phrase has 1 to 60 printable characters."
        }
    }

    public func text(_ refusal: PasswordSignIn.Refusal) -> String {
        switch refusal {
        case .guest(let error): return text(error)
        case .incorrect(let left):
            let base = "Username or password is incorrect."
            guard let left, left == 1 else { return base }
            return base + " One attempt left before sign-in is locked for 15 minutes."
        case .locked(let until):
            return "Too many failed attempts. Sign-in is locked until \(time(until))."
        }
    }

    public func text(_ error: SignInFlow.FlowError) -> String {
        switch error {
        case .expired:
            return "This sign-in was started more than \(minutes(SignInFlow.attemptLifetimeSeconds / 60)) ago. "
                + "Start again with your username and password."
        case .wrongFactor: return "That step is not the one this sign-in needs now."
        case .incomplete(let factor): return "Sign-in is not complete: \(factor.rawValue) is still needed."
        case .proofForAnotherUserOrDevice: return "That proof belongs to another sign-in."
        case .deviceNoLongerTrusted: return "This device is no longer trusted. Sign in again."
        }
    }

    public func text(_ error: SessionError) -> String {
        switch error {
        case .ended(.idle): return "You were signed out after 5 minutes without activity."
        case .ended(.maximumAge): return "You were signed out: a session lasts at most 12 hours."
        case .ended(.verificationFailed): return "Unsuccessful Identification. Logging out. Goodbye."
        case .ended(.trustRevoked): return "This device is no longer trusted. Sign in again."
        case .ended(.guestExpired): return "You were signed out: this demo customer's 24 hours are over."
        case .ended: return "This session has ended. Sign in again."
        case .notFound: return "No such session. Sign in again."
        }
    }

    public func text(_ error: GuestError) -> String {
        switch error {
        case .notTheDemoBank:
            return "Demo customers can only be made on the demo bank."
        case .tooMany(let limit, let minutesLeft):
            return "This connection made \(limit) demo customers in the last hour. "
                + "Try again in \(minutes(minutesLeft)) or sign in as one of them."
        case .noFreeName:
            return "Could not find a free demo name; nothing was created. Try again."
        case .otherKey(let name):
            return "\(name) was made from another SSH key; sign in from the connection that made it."
        case .otherBrowser(let name):
            return "\(name) was not made in this browser; sign in from the browser or SSH connection that made it."
        case .expired(let name):
            return "\(name) was a demo customer for 24 hours and has expired. Press g for a new one."
        case .expiredOutsideDemoMode(let name):
            return "\(name) was a demo customer for 24 hours and has expired."
        case .onlyInDemoMode(let name):
            return "\(name) is a demo customer and signs in only at the demo (termbank --demo)."
        }
    }
}
