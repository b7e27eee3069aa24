import ClipSynthesis

/// Deterministic noise in -amplitude…amplitude, drawn from the generator the scenes use, shared
/// by the tests that perturb synthetic detections.
struct Jitter {
    private var source: SplitMix64

    init(state: UInt64) { source = SplitMix64(seed: state) }

    mutating func next(_ amplitude: Double) -> Double {
        (2 * source.unit() - 1) * amplitude
    }
}
