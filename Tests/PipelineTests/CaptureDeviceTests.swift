@testable import BallTrace
import CFFmpeg
import Testing

/// No camera is attached where the tests run, so what is checked is what a camera needs: that
/// FFmpeg's Video4Linux input can be loaded on demand, and that a missing camera is explained.
@Suite("Video4Linux cameras")
struct CaptureDeviceTests {
    @Test func theVideo4LinuxInputIsLoadedOnlyWhenACameraIsOpened() throws {
        #expect(CaptureDevice.isVideo4Linux("/dev/video0") && !CaptureDevice.isVideo4Linux("/tmp/video0.mp4"))
        let input = try CaptureDevice.video4LinuxInput(for: "/dev/video0")
        #expect(String(cString: input.pointee.name).contains("v4l2"))
    }

    @Test func aCameraThatIsNotThereIsAnInputError() throws {
        let run = try BalltraceRun(["analyze", "/dev/video7", "--stream"])
        #expect(run.status == 66 && run.standardError == "Error: cannot open '/dev/video7': no such file\n")
    }
}
