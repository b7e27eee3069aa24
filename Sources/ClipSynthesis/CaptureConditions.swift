/// What makes a clip hard beyond the scene itself: a shaking or moving camera, flickering light
/// and fluttering leaves. All absent by default.
public struct CaptureConditions: Sendable, Hashable, Codable {
    public var shake: CameraShake?
    public var flicker: LightingFlicker?
    public var leaves: FlutteringLeaves?
    /// A camera that drifts, pans or zooms while it films.
    public var camera: CameraPath?

    public init(shake: CameraShake? = nil, flicker: LightingFlicker? = nil, leaves: FlutteringLeaves? = nil,
                camera: CameraPath? = nil) {
        self.shake = shake
        self.flicker = flicker
        self.leaves = leaves
        self.camera = camera
    }
}
