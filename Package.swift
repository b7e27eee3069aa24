// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "balltrace",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "BallTrace", targets: ["BallTrace"]),
        .executable(name: "balltrace", targets: ["balltrace"]),
        .executable(name: "synthesize-clip", targets: ["synthesize-clip"]),
        .executable(name: "evaluate-tracking", targets: ["evaluate-tracking"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // FFmpeg's C API, plus static-inline shims for the macros Swift cannot import (AVERROR, …).
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]
        ),
        // OpenCV's compile and link flags only; nothing here is imported by Swift.
        .systemLibrary(
            name: "COpenCV",
            pkgConfig: "opencv4",
            providers: [.apt(["libopencv-dev"])]
        ),
        // The C-ABI wall around OpenCV: C++ inside, plain C functions and status codes outside.
        .target(
            name: "CBallTraceVision",
            dependencies: ["COpenCV"]
        ),
        .target(
            name: "BallTrace",
            dependencies: ["CFFmpeg", "CBallTraceVision"]
        ),
        .executableTarget(
            name: "balltrace",
            dependencies: [
                "BallTrace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Renders clips with known ball flights and distractors, and writes their truth.
        .target(
            name: "ClipSynthesis",
            dependencies: ["BallTrace", "CBallTraceVision"]
        ),
        .executableTarget(
            name: "synthesize-clip",
            dependencies: [
                "ClipSynthesis",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Scores trajectories against ground truth (pure), and runs the suite of clips that measures them.
        .target(
            name: "Evaluation",
            dependencies: ["BallTrace", "ClipSynthesis"]
        ),
        .executableTarget(
            name: "evaluate-tracking",
            dependencies: [
                "Evaluation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "BallTraceTests",
            dependencies: ["BallTrace", "Evaluation"]
        ),
        .testTarget(
            name: "PipelineTests",
            dependencies: ["BallTrace", "ClipSynthesis", "Evaluation", "CFFmpeg"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
