import FoundationEssentials

/// Random (version 4) UUIDs for new chains, from a generator seeded once from the system's
/// random source.
///
/// Every blob no flight takes starts a chain: hundreds a frame in a cluttered scene. On Linux
/// Foundation's `UUID()` reads the system's random source for each one (an open, a read and a
/// close of a device), which cost more than following the chains. The UUIDs are as unique;
/// they are not meant to be secret.
struct TrackIdentities: Sendable {
    /// SplitMix64 (Steele, Lea and Flood): a 64-bit state stepped by a constant and mixed.
    private var state: UInt64

    init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    private mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next() -> UUID {
        let high = nextWord(), low = nextWord()
        func byte(_ word: UInt64, _ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * i)) }
        // Version 4 in the high nibble of byte 6, the RFC 4122 variant in the top bits of byte 8.
        return UUID(uuid: (byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
                           byte(high, 4), byte(high, 5), byte(high, 6) & 0x0F | 0x40, byte(high, 7),
                           byte(low, 0) & 0x3F | 0x80, byte(low, 1), byte(low, 2), byte(low, 3),
                           byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
    }
}
