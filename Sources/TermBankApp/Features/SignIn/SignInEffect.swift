import TermBankCore

/// What the sign-in asks of the bank (`SignInClient`); each answer comes back as the sign-in's own action.
public enum SignInEffect: Equatable, Sendable {
    case selectDevice(String)
    case lookUpSitekey(username: String)
    case signIn(username: String, password: Secret)
    case openSession
    case notMyImage

    func run(_ client: SignInClient, _ run: EffectRun) throws -> SignInFeature.Action? {
        switch self {
        case .selectDevice(let name):
            return .deviceSelected(try run.outcome { try client.selectDevice(name); return name })
        case .lookUpSitekey(let username):
            // A lookup that fails is not an answer: the reducer takes the usual
            // order (password, then sitekey), and says why; `failed` hears it first.
            do {
                return .sitekeyLookedUp(username: username, try client.lookUpSitekey(username))
            } catch {
                return .sitekeyLookupFailed(username: username, run.appMessage(error))
            }
        case .signIn(let username, let password):
            return .signInReplied(try run.value({
                let reply = try client.signIn(username, password)
                // An accepted password may send the sign-in's code at once.
                if case .accepted = reply { return run.onPhone(reply) }
                return reply
            }, orElse: SignInReply.refused))
        case .openSession:
            do {
                // The phone hears of every new sign-in.
                return .sessionOpened(.success(run.onPhone(try client.openSession())))
            } catch SignInFlow.FlowError.incomplete(let missing) {
                // A factor turned on since the password step: asked for now.
                return .signInStillNeeds(missing)
            } catch let expired as SignInFlow.FlowError where expired == .expired {
                throw expired
            } catch {
                return .sessionOpened(.failure(run.appMessage(error)))
            }
        case .notMyImage:
            do { try client.notMyImage() } catch { run.failed(error) }
            return nil
        }
    }
}
