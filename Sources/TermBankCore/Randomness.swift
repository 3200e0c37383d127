import Synchronization

/// Where the core gets unpredictable bytes. Live: libsodium's CSPRNG.
/// Tests: a seeded generator, so every run draws the same values.
public protocol RandomSource: Sendable {
    func bytes(count: Int) -> [UInt8]
}

extension RandomSource {
    /// Lower-case hex of `count` random bytes, for identifiers.
    public func hexIdentifier(bytes count: Int) -> String {
        bytes(count: count).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Uniform in 0..<upperBound without modulo bias (rejection sampling).
    public func uniform(below upperBound: UInt64) -> UInt64 {
        precondition(upperBound > 0)
        let limit = UInt64.max - UInt64.max % upperBound
        while true {
            let value = bytes(count: 8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if value < limit { return value % upperBound }
        }
    }
}

/// SplitMix64: deterministic, fast, and NOT for secrets. Tests and simulations only.
public final class SeededRandomSource: RandomSource {
    private let state: Mutex<UInt64>

    public init(seed: UInt64) { state = Mutex(seed) }

    public func bytes(count: Int) -> [UInt8] {
        state.withLock { state in
            var out: [UInt8] = []
            out.reserveCapacity(count)
            while out.count < count {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                for shift in stride(from: 0, to: 64, by: 8) where out.count < count {
                    out.append(UInt8(truncatingIfNeeded: z >> UInt64(shift)))
                }
            }
            return out
        }
    }
}
