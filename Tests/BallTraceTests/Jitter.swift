/// Deterministic noise in -amplitude…amplitude (SplitMix64), shared by the tests that perturb
/// synthetic detections.
struct Jitter {
    var state: UInt64
    mutating func next(_ amplitude: Double) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return (2 * Double(z >> 11) / Double(1 << 53) - 1) * amplitude
    }
}
