import BallTrace

extension SyntheticScene {
    /// The face-on drive of ``golfFaceOn(width:height:frameRate:seconds:seed:)`` filmed badly: the
    /// camera shakes 1–2 px a frame at any size (the truth includes the shift), heavy sensor noise (σ 8 levels), light beating a few percent from
    /// frame to frame, three dozen ball-sized dark leaves fluttering 1–3 px in the tree line, and
    /// strong compression (CRF 33).
    package static func roughConditions(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 3,
                                       seed: UInt64 = 1) -> SyntheticScene {
        var scene = golfFaceOn(width: width, height: height, frameRate: frameRate, seconds: seconds, seed: seed)
        let w = Double(width), h = Double(height), scale = h / 360
        let ball = scene.flights.first?.radius ?? h / 150
        scene.name = "rough-conditions"
        scene.noise = 8
        scene.encodingCRF = 33
        scene.conditions = CaptureConditions(
            shake: CameraShake(step: 1.0, seed: seed),
            flicker: LightingFlicker(amplitude: 0.04, seed: seed),
            leaves: FlutteringLeaves(count: 36, area: PixelRect(x: 0, y: 0.41 * h, width: w, height: 0.12 * h),
                                     smallest: 0.8 * ball, largest: 1.4 * ball, amplitude: 3 * scale, seed: seed))
        return scene
    }
}
