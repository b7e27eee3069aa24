/// What makes a clip hard beyond the scene itself: a shaking camera, flickering light and
/// fluttering leaves. All absent by default.
public struct CaptureConditions: Sendable, Hashable, Codable {
    public var shake: CameraShake?
    public var flicker: LightingFlicker?
    public var leaves: FlutteringLeaves?

    public init(shake: CameraShake? = nil, flicker: LightingFlicker? = nil, leaves: FlutteringLeaves? = nil) {
        self.shake = shake
        self.flicker = flicker
        self.leaves = leaves
    }
}
