import TermBankCore

/// Performs an effect against the bank client and says what happened, as
/// actions for the reducer. Each feature's effect runs against its own
/// slice of the client (its file beside the feature); here only the app's
/// own effects, and the errors every feature shares: an expired sign-in, a
/// session ended. Errors become messages fit for the screen; no error here
/// carries a secret (see `Secret` and `StoreError`).
public enum EffectRunner {
    /// The effect's reply. `failed` hears every error that became a message
    /// on the screen, before the catalog words it: the screen names nothing
    /// of the server (see `AppCatalog.text(_:)`), so this is where the one
    /// running the app (over SSH, the operator's log) can keep the full
    /// error, path and all.
    public static func run(_ effect: Effect, client: BankingClient, failed: @escaping (any Error) -> Void = { _ in }) -> Action? {
        reply(effect, client: client, EffectRun(failed: failed))
    }

    /// The effect's reply and, in demo mode, when the reply put a message
    /// on the customer's phone (a code sent), the phone read at once rather
    /// than at the next tick: what the runtime reduces.
    public static func perform(_ effect: Effect, client: BankingClient, failed: @escaping (any Error) -> Void = { _ in })
        -> [Action] {
        let run = EffectRun(failed: failed)
        let replies = reply(effect, client: client, run).map { [$0] } ?? []
        guard run.putMessageOnPhone, client.demo != nil else { return replies }
        return replies + (reply(.demo(.loadPhone), client: client, EffectRun(failed: failed)).map { [$0] } ?? [])
    }

    private static func reply(_ effect: Effect, client: BankingClient, _ run: EffectRun) -> Action? {
        do {
            switch effect {
            case .signIn(let effect): return try effect.run(client.signingIn, run).map(Action.signIn)
            case .secondFactor(let effect): return try effect.run(client.signingIn, run).map(Action.secondFactor)
            case .banking(let effect): return try effect.run(client.signedIn, run).map(Action.banking)
            case .security(let effect): return try effect.run(client.settings, run).map(Action.security)
            case .demo(let effect): return try effect.run(client.demo, run).map(Action.demo)
            case .presenter(let effect): return try effect.run(client.presenter, run).map(Action.presenter)
            case .touchSession: return sessionStands(client.signedIn.touchSession, run)
            case .checkSession: return sessionStands(client.signedIn.checkSession, run)
            case .signOut(let reason):
                do { try client.signOut(reason) } catch { run.failed(error) }
                return nil
            case .useLanguage(let language):
                do { try client.useLanguage(language) } catch { run.failed(error) }
                return nil
            case .cancel, .redraw, .quit:
                return nil
            }
        } catch SignInFlow.FlowError.expired {
            // A sign-in parked too long: the core refused it; back to the start.
            return .signIn(.signInExpired(.core(.signInFlow(.expired))))
        } catch let ended as EffectRun.SessionEnded {
            return .sessionEnded(ended.message)
        } catch {
            return .sessionEnded(run.appMessage(error))
        }
    }

    /// A touch or a check: nothing to say while the session stands.
    private static func sessionStands(_ ask: () throws -> Void, _ run: EffectRun) -> Action? {
        do {
            try ask()
            return nil
        } catch let store as StoreError where store.isTransient {
            // The database is unreachable for now (a PostgreSQL restart):
            // the session stands and the screen keeps what was typed; the
            // request the key made reports the failure and is retried when asked.
            return nil
        } catch let store as StoreError {
            // A full disk or an I/O error ends no session either: the
            // session's row is as it was, every request checks it again and
            // reports its own failure, and once the disk works the customer
            // carries on. The operator's log hears it.
            run.failed(store)
            return nil
        } catch {
            return .sessionEnded(run.appMessage(error))
        }
    }

    /// What to tell the customer about an error, as a value a catalog words:
    /// the core's message for a core error, the app's own for the rest. An
    /// unexpected error's description is never shown: it was not written for
    /// the customer and may say more than they should see.
    public static func appMessage(_ error: Error) -> AppMessage {
        if let message = error as? AppMessage { return message }
        if let core = CoreMessage(error) { return .core(core) }
        if error is BankingClient.Unimplemented { return .session(.bankDoesNotOfferThat) }
        return .session(.somethingWentWrong)
    }

    /// The same, in English: what `appMessage` says, for a log or a test.
    public static func message(_ error: Error) -> String {
        EnglishAppCatalog().text(appMessage(error))
    }
}
