import CFFmpeg
import CBallTraceVision
enum LinkedLibraries { static var summary: String { "avformat \(avformat_version()) opencv \(bt_vision_version())" } }
