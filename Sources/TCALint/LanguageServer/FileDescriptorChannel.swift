#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw reads and writes on the server's two file descriptors. System calls instead of
/// `FileHandle` so that the event loop can wait with a timeout (`poll`) for the debounce,
/// read whatever is available without blocking for more, and see write failures as errors
/// instead of exceptions.
struct FileDescriptorChannel {
    let input: Int32
    let output: Int32

    enum ReadResult {
        case bytes(Int)
        case timedOut
        case endOfInput
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) for input, then reads what is there into `buffer`.
    func read(into buffer: inout [UInt8], timeoutMilliseconds: Int32) -> ReadResult {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, timeoutMilliseconds)
            if ready == 0 { return .timedOut }
            if ready < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            break
        }
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
            if n > 0 { return .bytes(n) }
            if n < 0 && errno == EINTR { continue }
            // 0 is the end of the stream; other errors (EBADF, EIO) end it too.
            return .endOfInput
        }
    }

    /// Writes all bytes, across partial writes. False when the peer is gone.
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                systemWrite(output, raw.baseAddress! + offset, raw.count - offset)
            }
            if n > 0 {
                offset += n
            } else if n < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// A closed client must not kill the server with SIGPIPE; the failed write is handled instead.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }
}

// The struct's own `read`/`write` methods shadow the C functions inside it.
@inline(__always) private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

@inline(__always) private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
