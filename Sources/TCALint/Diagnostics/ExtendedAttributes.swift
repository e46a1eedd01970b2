#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies extended attributes (Finder tags and quarantine flags on macOS, `user.*`, ACLs and labels on
/// Linux) from one open file to another, so that replacing a file does not drop them.
///
/// Darwin declares `flistxattr`/`fgetxattr`/`fsetxattr` with extra `position`/`options` arguments; glibc
/// and musl declare them in `<sys/xattr.h>`, which Swift's Glibc module does not import, so on Linux the
/// functions are looked up with `dlsym`. A file system without extended attributes (ENOTSUP) has none to
/// copy; an attribute the kernel does not let this user set in the `security.`/`system.`/`trusted.`
/// namespaces is left to the file system's defaults.
enum ExtendedAttributes {
    /// nil on success, else the reason.
    static func copy(from source: Int32, to destination: Int32) -> String? {
        guard let names = list(source) else { return unsupported(errno) ? nil : errorText() }
        for name in names {
            guard let value = get(source, name) else {
                if unsupported(errno) || errno == ENOATTR_ { continue }
                return "\(name): \(errorText())"
            }
            if set(destination, name, value) != 0 {
                let protected = ["security.", "system.", "trusted."].contains { name.hasPrefix($0) }
                if unsupported(errno) || (protected && (errno == EPERM || errno == EACCES)) { continue }
                return "\(name): \(errorText())"
            }
        }
        return nil
    }

    private static func unsupported(_ code: Int32) -> Bool { code == ENOTSUP || code == EOPNOTSUPP || code == ENOSYS }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    private static func list(_ fd: Int32) -> [String]? {
        for _ in 0..<4 {  // the list can grow between the size query and the read
            let size = rawList(fd, nil, 0)
            if size < 0 { return nil }
            if size == 0 { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            let n = rawList(fd, &buffer, size)
            if n < 0 {
                if errno == ERANGE { continue }
                return nil
            }
            return buffer[0..<n].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        errno = ERANGE
        return nil
    }

    static func get(_ fd: Int32, _ name: String) -> [UInt8]? {
        for _ in 0..<4 {
            let size = rawGet(fd, name, nil, 0)
            if size < 0 { return nil }
            var value = [UInt8](repeating: 0, count: size)
            let n = value.withUnsafeMutableBytes { rawGet(fd, name, $0.baseAddress, size) }
            if n < 0 {
                if errno == ERANGE { continue }
                return nil
            }
            return Array(value[0..<n])
        }
        errno = ERANGE
        return nil
    }

    static func set(_ fd: Int32, _ name: String, _ value: [UInt8]) -> Int32 {
        value.withUnsafeBytes { rawSet(fd, name, $0.baseAddress, $0.count) }
    }

    #if canImport(Darwin)
    private static let ENOATTR_ = ENOATTR
    private static func rawList(_ fd: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        flistxattr(fd, buffer, size, 0)
    }
    private static func rawGet(_ fd: Int32, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        fgetxattr(fd, name, value, size, 0, 0)
    }
    static func rawSet(_ fd: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        fsetxattr(fd, name, value, size, 0, 0)
    }
    #else
    /// glibc and musl: ENOATTR is ENODATA.
    private static let ENOATTR_ = ENODATA
    private typealias ListFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias GetFunction = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias SetFunction = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    private static func symbol<F>(_ name: String, as type: F.Type) -> F? {
        // RTLD_DEFAULT is a null handle on glibc and musl.
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }
    private static let listFunction = symbol("flistxattr", as: ListFunction.self)
    private static let getFunction = symbol("fgetxattr", as: GetFunction.self)
    private static let setFunction = symbol("fsetxattr", as: SetFunction.self)

    private static func rawList(_ fd: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        guard let f = listFunction else { errno = ENOTSUP; return -1 }
        return f(fd, buffer, size)
    }
    private static func rawGet(_ fd: Int32, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        guard let f = getFunction else { errno = ENOTSUP; return -1 }
        return f(fd, name, value, size)
    }
    static func rawSet(_ fd: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        guard let f = setFunction else { errno = ENOTSUP; return -1 }
        return f(fd, name, value, size, 0)
    }
    #endif
}
