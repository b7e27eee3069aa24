/// What makes a clip hard beyond the scene itself: a shaking or moving camera, flickering light
/// and fluttering leaves. All absent by default.
package struct CaptureConditions: Sendable, Hashable, Codable {
    package var shake: CameraShake?
    package var flicker: LightingFlicker?
    package var leaves: FlutteringLeaves?
    /// A camera that drifts, pans or zooms while it films.
    package var camera: CameraPath?

    package init(shake: CameraShake? = nil, flicker: LightingFlicker? = nil, leaves: FlutteringLeaves? = nil,
                camera: CameraPath? = nil) {
        self.shake = shake
        self.flicker = flicker
        self.leaves = leaves
        self.camera = camera
    }
}
