package payments.sandbox;

import payments.common.ErrorCode;
import payments.quote.UmaNetwork;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The UMA receivers the sandbox knows: the reference sandbox's addresses on its own domain. Any
 * other address there does not exist; this server reaches no other UMA domain.
 */
public final class SandboxUmaDirectory implements UmaNetwork {

    public static final String SANDBOX_DOMAIN = payments.common.ServerConfig.SANDBOX_UMA_DOMAIN;


    private static final Map<String, UmaReceiver> SANDBOX = Map.of(
            "$success.usd", new UmaReceiver("$success.usd@" + SANDBOX_DOMAIN, List.of("USD")),
            "$success.eur", new UmaReceiver("$success.eur@" + SANDBOX_DOMAIN, List.of("EUR")),
            "$success.mxn", new UmaReceiver("$success.mxn@" + SANDBOX_DOMAIN, List.of("MXN")),
            "$pending.long.usd", new UmaReceiver("$pending.long.usd@" + SANDBOX_DOMAIN, List.of("USD")),
            "$fail.compliance.usd", new UmaReceiver("$fail.compliance.usd@" + SANDBOX_DOMAIN, List.of("USD")),
            "$fail.quote.usd", new UmaReceiver("$fail.quote.usd@" + SANDBOX_DOMAIN, List.of("USD")),
            "$fail.payreq.usd", new UmaReceiver("$fail.payreq.usd@" + SANDBOX_DOMAIN, List.of("USD")),
            "$fail.payreq.parse.usd", new UmaReceiver("$fail.payreq.parse.usd@" + SANDBOX_DOMAIN, List.of("USD")));

    /** Receivers whose lookup succeeds and whose pay request, sent when a quote is made, fails. */
    private static final Map<String, ErrorCode> PAY_REQUEST_FAILURES = Map.of(
            "$fail.quote.usd", ErrorCode.QUOTE_REQUEST_FAILED,
            "$fail.payreq.usd", ErrorCode.INVALID_PAYREQ_RESPONSE,
            "$fail.payreq.parse.usd", ErrorCode.PARSE_PAYREQ_RESPONSE_ERROR);

    /** Sandbox addresses whose lookup fails as a counterparty can make it fail. */
    private static final Map<String, ErrorCode> LOOKUP_FAILURES = Map.ofEntries(
            Map.entry("$fail.lookup.usd", ErrorCode.LOOKUP_REQUEST_FAILED),
            Map.entry("$fail.lnurlp.parse.usd", ErrorCode.PARSE_LNURLP_RESPONSE_ERROR),
            Map.entry("$fail.receiver.usd", ErrorCode.INVALID_RECEIVER),
            Map.entry("$fail.cert.invalid.usd", ErrorCode.CERT_CHAIN_INVALID),
            Map.entry("$fail.cert.expired.usd", ErrorCode.CERT_CHAIN_EXPIRED),
            Map.entry("$fail.pubkey.format.usd", ErrorCode.INVALID_PUBKEY_FORMAT),
            Map.entry("$fail.uma.params.usd", ErrorCode.MISSING_REQUIRED_UMA_PARAMETERS),
            Map.entry("$fail.sender.usd", ErrorCode.SENDER_NOT_ACCEPTED),
            Map.entry("$fail.version.usd", ErrorCode.UNSUPPORTED_UMA_VERSION),
            Map.entry("$fail.version.none.usd", ErrorCode.NO_COMPATIBLE_UMA_VERSION),
            Map.entry("$fail.lnurlp.usd", ErrorCode.LNURLP_REQUEST_FAILED),
            Map.entry("$fail.pubkey.fetch.usd", ErrorCode.COUNTERPARTY_PUBKEY_FETCH_ERROR),
            // The checks every signed UMA message gets (a fresh timestamp, a nonce not seen before).
            Map.entry("$fail.timestamp.usd", ErrorCode.INVALID_TIMESTAMP),
            Map.entry("$fail.nonce.usd", ErrorCode.INVALID_NONCE));


    @Override
    public boolean connected() {
        return true;
    }

    @Override
    public Optional<ErrorCode> payRequestFailure(String address) {
        return sandboxLocalPart(address).map(PAY_REQUEST_FAILURES::get);
    }

    /** How the lookup of a sandbox address fails, when it is one of {@link #LOOKUP_FAILURES}. */
    @Override
    public Optional<ErrorCode> lookupFailure(String address) {
        return sandboxLocalPart(address).map(LOOKUP_FAILURES::get);
    }

    /**
     * Sandbox senders only (POST /sandbox/uma/receive): their money waits an hour with a
     * pendingReason. As receivers they do not exist: the reasons belong to incoming deposits.
     */
    private static final Map<String, UmaReceiver> PENDING_SENDERS = Map.of(
            "$pending.declaration.usd", pendingSender("$pending.declaration.usd"),
            "$pending.wallet.usd", pendingSender("$pending.wallet.usd"),
            "$pending.info.usd", pendingSender("$pending.info.usd"),
            "$pending.compliance.usd", pendingSender("$pending.compliance.usd"),
            // Incoming failures (senders only): LNURLP_FAILED, OFFRAMP_FAILED, COLLECTION_FAILED, and a refund that fails.
            "$fail.incoming.lnurlp.usd", pendingSender("$fail.incoming.lnurlp.usd"),
            "$fail.incoming.offramp.usd", pendingSender("$fail.incoming.offramp.usd"),
            "$fail.incoming.collection.usd", pendingSender("$fail.incoming.collection.usd"),
            "$fail.incoming.refund.usd", pendingSender("$fail.incoming.refund.usd"));

    private static UmaReceiver pendingSender(String localPart) {
        return new UmaReceiver(localPart + "@" + SANDBOX_DOMAIN, List.of("USD"));
    }

    /** A sandbox address that can send money in: any receiver, and the pending senders. */
    static Optional<UmaReceiver> findSender(String address) {
        return receiver(address).or(() -> sandboxLocalPart(address).map(PENDING_SENDERS::get));
    }

    /** The part before the sandbox domain (with its $), for an address on it. */
    static Optional<String> sandboxLocalPart(String address) {
        return UmaNetwork.wellFormed(address) && address.endsWith("@" + SANDBOX_DOMAIN)
                ? Optional.of(address.substring(0, address.indexOf('@'))) : Optional.empty();
    }

    @Override
    public Optional<UmaReceiver> find(String address) {
        return receiver(address);
    }

    static Optional<UmaReceiver> receiver(String address) {
        return sandboxLocalPart(address).map(SANDBOX::get);
    }
}
