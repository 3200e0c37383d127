/// One password, however the keyboard spelled it. "é" arrives as one scalar
/// from one terminal and as "e" and U+0301 from another (macOS over SSH, some
/// input methods); a hash of the bytes made them two passwords, and a
/// customer who enrolled on one could not sign in from the other. NIST SP
/// 800-63B (5.1.1.2) asks verifiers to normalise with NFKC or NFD before
/// hashing; TermBank hashes NFKC, so compatibility spellings (full-width
/// letters from an East Asian input method, "ﬁ") are the same password too
/// (decision 35).
///
/// Hashes made before this were made from the bytes as typed, and there is no
/// telling from an argon2id string which those bytes were. So a non-ASCII
/// password is checked against its NFKC form first, then as typed, as NFC and
/// as NFD. Every form is canonically or compatibly equivalent to what was
/// typed, so no password that differs from the real one in what it says is
/// ever accepted. ASCII is its own form in all four: one check, no library.
public enum PasswordForms {
    /// What a new password's hash is made from, and what the policy checks:
    /// NFKC, or the text as typed where no normaliser can answer.
    public static func canonical(_ typed: Secret,
                                 by normalizer: (any UnicodeNormalizer)? = CanonicalText.normalizer) -> Secret {
        hashable(typed, by: normalizer).password
    }

    /// What a hash is made from, and which spelling that is: ASCII is its
    /// own NFKC; a non-ASCII password is NFKC when the normaliser answers,
    /// and as typed when it cannot (then sign-in keeps trying every spelling).
    public static func hashable(_ typed: Secret, by normalizer: (any UnicodeNormalizer)? = CanonicalText.normalizer)
        -> (password: Secret, form: PasswordHashForm) {
        if isASCII(typed) { return (typed, .nfkc) }
        guard let normalizer, let form = normalizer.normalized(typed.exposedValue, form: .nfkc) else {
            return (typed, .asTyped)
        }
        return (Secret(form), .nfkc)
    }

    /// The forms a stored hash may have been made from, the canonical one
    /// first, each once (compared as bytes: Swift's `==` on strings already
    /// counts canonically equivalent spellings as equal). Sign-in checks them
    /// in order, and spends as many dummy checks on an unknown username.
    public static func candidates(_ typed: Secret,
                                  by normalizer: (any UnicodeNormalizer)? = CanonicalText.normalizer) -> [Secret] {
        guard !isASCII(typed), let normalizer else { return [typed] }
        let text = typed.exposedValue
        let forms = [normalizer.normalized(text, form: .nfkc), text,
                     normalizer.normalized(text, form: .nfc), normalizer.normalized(text, form: .nfd)]
        var distinct: [Secret] = []
        for form in forms.compactMap({ $0 }) where !distinct.contains(where: { $0.exposedValue.utf8.elementsEqual(form.utf8) }) {
            distinct.append(Secret(form))
        }
        return distinct
    }

    static func isASCII(_ password: Secret) -> Bool { password.exposedValue.utf8.allSatisfy { $0 < 0x80 } }
}
