#if canImport(Glibc)
import Glibc
#endif

/// The kernel's name for the calling thread, as `top -H` and `ps -L` show it.
///
/// Set and read through `/proc/thread-self/comm` rather than `Foundation.Thread.name`: on Linux a
/// name given to a `Thread` before `start()` never reaches the thread, and one set from inside
/// was once read back wrong while the thread ran (a test asking which lane ran a check failed in
/// CI). Glibc's `pthread_setname_np` is not visible to Swift without `_GNU_SOURCE`; the file is
/// what it writes anyway. Linux keeps at most 15 bytes of a name.
enum ThreadName {
    static func nameCurrentThread(_ name: String) {
        precondition(name.utf8.count <= 15, "Linux thread names are at most 15 bytes")
        #if os(Linux)
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = name.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        #endif
    }

    static var current: String? {
        #if os(Linux)
        let fd = open("/proc/thread-self/comm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        // The kernel ends the name with a newline.
        return String(decoding: buffer[..<count].prefix { $0 != 10 }, as: UTF8.self)
        #else
        return nil
        #endif
    }
}
