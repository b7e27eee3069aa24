import Testing
@testable import BallTrace
@Test func placeholder() { #expect(LinkedLibraries.summary.contains("opencv")) }
