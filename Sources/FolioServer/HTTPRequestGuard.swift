import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Answers what NIO's HTTP/1 decoder refuses, and bounds the time a client may take to send a
/// request.
///
/// Hummingbird turns off NIO's own protocol error handler, so a request the decoder cannot parse
/// (an oversized head, an unknown method, both Content-Length and Transfer-Encoding, a bad chunk
/// size) would otherwise get no answer and the connection would stay open until the client gave
/// up. This handler answers 431 for a head over the limits and 400 for anything else, then closes
/// the connection.
///
/// It also closes a connection whose client has not finished sending a request within
/// `requestTimeout` of the connection opening or the previous answer: a head or a body trickled a
/// byte at a time (slowloris) keeps nothing open for long. Hummingbird's own idle timeout only
/// counts time between decoded parts, never starts before a WebSocket-capable connection's first
/// request, and so cannot see either.
///
/// And it closes a connection once the answer to a request that did not ask to keep it alive
/// (HTTP/1.0 without `Connection: keep-alive`, or `Connection: close`) is written: such a client
/// reads to the end of the connection, and was held open for the whole idle timeout (30 s).
///
/// It sits after NIO's upgrade handler, which holds back a connection's first request until it
/// has decided whether to upgrade, and which passes decoding errors on; a WebSocket upgrade takes
/// it out of the pipeline.
final class HTTPRequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Limits on one request's head (NIO counts the request line and header fields together).
    /// 16 KiB is twice Apache's `LimitRequestFieldSize` and nginx's 8 KiB header buffer, room for
    /// a browser with a full cookie jar; 100 fields is Apache's `LimitRequestFields`.
    static let decoderLimits = HTTP1Channel.Configuration.DecoderConfiguration(
        maxHeaderFieldSize: 16 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 100)

    private let requestTimeout: TimeAmount
    /// A request's head has arrived and its end has not.
    private var requestOpen = false
    /// Requests received whose answers have not been written to the end.
    private var unanswered = 0
    /// An answer's head has been written and its end has not.
    private var answering = false
    private var closing = false
    /// A request received asked for the connection to end with its answer.
    private var closeAfterAnswer = false
    private var deadline: Scheduled<Void>?

    init(requestTimeout: TimeAmount) {
        self.requestTimeout = requestTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { updateDeadline(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
    }

    func channelActive(context: ChannelHandlerContext) {
        updateDeadline(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestOpen = true
            unanswered += 1
            if !head.isKeepAlive { closeAfterAnswer = true }
        case .body:
            break
        case .end:
            requestOpen = false
        }
        updateDeadline(context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            // 1xx answers (100 Continue) come before the real one.
            if head.status.code >= 200 { answering = true }
        case .body:
            break
        case .end:
            answering = false
            unanswered = max(0, unanswered - 1)
            if closeAfterAnswer, unanswered == 0 {
                closing = true
                cancelDeadline()
                let written = promise ?? context.eventLoop.makePromise()
                written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
                context.write(data, promise: written)
                return
            }
            updateDeadline(context)
        }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case HTTPServerUpgradeEvents.upgradeComplete = event {
            // Sent before the upgrade handler passes on the first WebSocket bytes: from here on
            // nothing is HTTP, and this handler must see none of it.
            cancelDeadline()
            context.fireUserInboundEventTriggered(event)
            context.pipeline.syncOperations.removeHandler(self, promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case let parserError as HTTPParserError:
            refuse(context, status: parserError == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest)
        case is ByteToMessageDecoderError:
            // Bytes after a refused request: the answer is already on its way.
            refuse(context, status: .badRequest)
        default:
            context.fireErrorCaught(error)
        }
    }

    /// Answers (unless an answer is already part-written, which cannot be interrupted) and closes.
    private func refuse(_ context: ChannelHandlerContext, status: HTTPResponseStatus) {
        guard !closing else { return }
        closing = true
        cancelDeadline()
        if !answering {
            let message = status == .requestHeaderFieldsTooLarge
                ? "The request line and headers are too large: at most \(Self.decoderLimits.maxHeaderListSize / 1024) KB and \(Self.decoderLimits.maxHeaderFieldCount) fields.\n"
                : "The request is not valid HTTP/1.1 (its method, framing or chunk sizes).\n"
            var body = context.channel.allocator.buffer(capacity: message.utf8.count)
            body.writeString(message)
            let headers = HTTPHeaders([
                ("Connection", "close"), ("Content-Type", "text/plain; charset=utf-8"),
                ("Content-Length", String(body.readableBytes)), ("X-Content-Type-Options", "nosniff"),
            ])
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else {
            context.close(promise: nil)
        }
    }

    /// The clock runs while the server waits on the client: between answers, or while a request
    /// is still arriving. It stops while every request received is complete and being answered.
    private func updateDeadline(_ context: ChannelHandlerContext) {
        let waitingOnClient = requestOpen || unanswered == 0
        if waitingOnClient, deadline == nil, !closing {
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: requestTimeout) { [self] in
                deadline = nil
                closing = true
                context.close(promise: nil)
            }
        } else if !waitingOnClient {
            cancelDeadline()
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }
}

@available(*, unavailable)
extension HTTPRequestGuard: Sendable {}

/// Hummingbird's HTTP/1 channel with WebSocket upgrade, with an `HTTPRequestGuard` added from the
/// start (Hummingbird's `additionalChannelHandlers` come too late: they are added only once a
/// connection's first request has been decoded and the upgrade declined).
struct GuardedHTTPChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value
    let base: Base
    let requestTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // Last, so after the upgrade handler: the HTTP handlers of a declined upgrade are added
            // after it in turn, and the WebSocket ones arrive only once it has gone.
            try channel.pipeline.syncOperations.addHandler(HTTPRequestGuard(requestTimeout: requestTimeout), position: .last)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        var logger = logger
        logger.handler = RoutineCloseLogHandler(base: logger.handler)
        await base.handle(value: value, logger: logger)
    }
}

/// Hummingbird logs every connection that closes before its first request was decided on (the
/// idle timeout, a client that gave up) at error level, as "Error handling upgrade result":
/// 1,520 lines in one test run, each routine. Said here once, at debug.
struct RoutineCloseLogHandler: LogHandler {
    var base: any LogHandler
    static let routine = "Error handling upgrade result"

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    func log(event: LogEvent) {
        guard event.level == .error, event.message.description == Self.routine else { return base.log(event: event) }
        guard base.logLevel <= .debug else { return }
        var routine = event
        routine.level = .debug
        routine.message = "A connection closed before its first request"
        base.log(event: routine)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the Ghost rooms' WebSocket upgrade, decoder limits and time limits.
    static func folio(webSocketRouter: Router<FolioRequestContext>, limits: ServerLimits) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        let timeout = TimeAmount.seconds(Int64(limits.idleTimeoutSeconds))
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: timeout, httpDecoderConfiguration: HTTPRequestGuard.decoderLimits))
        return HTTPServerBuilder { responder in
            GuardedHTTPChannel(base: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                                  configuration: configuration),
                               requestTimeout: timeout)
        }
    }
}
