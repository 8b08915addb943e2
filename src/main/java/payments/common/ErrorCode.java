package payments.common;

/**
 * Every error code this server answers with, and its HTTP status: the one catalogue. An
 * {@link ApiException} is made from one of these, never from a bare string, and the OpenAPI
 * document lists them (see {@code common.web.ErrorCatalogue}).
 */
public enum ErrorCode {
    INVALID_INPUT(400, "A field is missing or invalid; details.errors lists every one"),
    INVALID_REQUEST_FORMAT(400, "The body is not valid JSON or multipart"),
    INVALID_AMOUNT(400, "The amount cannot be quoted or does not match"),
    INVALID_CURRENCY(400, "The currency or currency pair is not supported"),
    INVALID_BANK_ACCOUNT(400, "The receiving bank refused the account details"),
    INVALID_UMA_ADDRESS(400, "The UMA address is malformed"),
    INVITATIONS_NOT_CONFIGURED(400, "Invitations are not configured: set SVC_INVITATIONS_CLAIM_URL"),
    INVITATION_ALREADY_CLAIMED(400, "The invitation has already been claimed"),
    INVITATION_CANCELLED(400, "The invitation has been cancelled"),
    STABLECOIN_PROVIDER_ACCOUNT_INVALID(400, "The stablecoin provider account link is not usable: the provider refuses its credentials"),
    STABLECOIN_PROVIDER_ACCOUNT_REVOKED(400, "The stablecoin provider account link has been revoked"),
    STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED(400, "Several active provider account links exist; pass stablecoinProviderAccountId"),
    STABLECOIN_AMOUNT_NOT_REPRESENTABLE(400, "The amount does not convert exactly to a whole fiat minor unit at the token's decimals"),
    STABLECOIN_BURN_SOURCE_NOT_SUPPORTED(400, "This burn source is not supported"),
    STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED(400, "The external account could not be linked for stablecoin operations"),
    STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED(400, "The external account needs a debit authorization before the provider can pull from it"),
    STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED(400, "The external account is not linked at the provider"),
    STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED(400, "This kind of external account cannot take part in this stablecoin operation"),
    STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED(400, "The provider refused to link the external account"),
    STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED(400, "The provider must confirm the external account's link first; retry shortly"),
    STABLECOIN_GRID_OPERATIONS_NOT_ENABLED(400, "The stablecoin is not enabled for operations on internal accounts"),
    STABLECOIN_NOT_PROVISIONED(400, "The provider has not provisioned the stablecoin"),
    MISSING_MANDATORY_USER_INFO(400, "Customer information the counterparty requires is missing"),
    END_USER_TERMS_VERSION_NOT_FOUND(400, "No end-user terms with this version"),
    EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED(400, "The external account's ownership must be verified first"),
    AMOUNT_OUT_OF_RANGE(400, "The amount is outside the platform's configured range for the currency"),
    QUOTE_RATE_UNAVAILABLE(400, "No rate can be locked for this corridor now; try a new quote later"),
    QUOTE_EXPIRED(400, "The quote's rate is no longer locked; create a new quote"),
    SELF_PAYMENT(400, "The source and destination are the same account"),
    TRANSACTION_SIZE_LIMIT_EXCEEDED(400, "The payment is larger than the corridor allows"),
    INSUFFICIENT_FUNDS(400, "The source account's available balance does not cover the payment"),
    LOW_QUALITY(400, "The document's image quality is too low to process"),
    DATA_MISMATCH(400, "The document's details do not match the information given"),
    EXPIRED(400, "The document has expired"),
    SUSPECTED_FRAUD(400, "The document appears forged or edited"),
    UNSUITABLE_DOCUMENT(400, "This kind of document is not accepted"),
    INCOMPLETE(400, "The document is missing pages or sides"),
    LOOKUP_REQUEST_FAILED(400, "The receiver's UMA lookup failed"),
    INVALID_TIMESTAMP(400, "The counterparty's signed UMA message is dated outside the accepted window"),
    INVALID_NONCE(400, "The counterparty's signed UMA message repeats a nonce already seen"),
    PARSE_LNURLP_RESPONSE_ERROR(400, "The receiver's LNURLP answer could not be read"),
    INVALID_RECEIVER(400, "The receiver is not valid"),
    CERT_CHAIN_INVALID(400, "The counterparty's certificate chain is invalid"),
    CERT_CHAIN_EXPIRED(400, "The counterparty's certificate chain has expired"),
    INVALID_PUBKEY_FORMAT(400, "The counterparty's public key format is invalid"),
    MISSING_REQUIRED_UMA_PARAMETERS(400, "The counterparty's answer lacks required UMA parameters"),
    SENDER_NOT_ACCEPTED(400, "The receiver does not accept this sender"),
    QUOTE_REQUEST_FAILED(400, "The receiver's side could not quote this payment; it may succeed when tried again"),
    INVALID_PAYREQ_RESPONSE(400, "The receiver's answer to the pay request was invalid"),
    PARSE_PAYREQ_RESPONSE_ERROR(400, "The receiver's answer to the pay request could not be read"),
    CARDHOLDER_KYC_NOT_APPROVED(400, "The cardholder's KYC is not APPROVED"),
    CARD_LIMIT_REACHED(400, "The platform holds its maximum of live (not CLOSED) cards"),
    FUNDING_SOURCE_INELIGIBLE(400, "The funding source is not the cardholder's, not card-eligible or not usable"),
    EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS(400, "The internal account already has an EMAIL_OTP credential"),
    SMS_OTP_CREDENTIAL_ALREADY_EXISTS(400, "The internal account already has an SMS_OTP credential"),
    PASSKEY_CREDENTIAL_ALREADY_EXISTS(400, "A passkey with this WebAuthn credentialId is already registered on the internal account"),
    WEBHOOK_ENDPOINT_NOT_SET(400, "No webhook endpoint is configured"),
    WEBHOOK_DELIVERY_ERROR(400, "The webhook endpoint could not be reached"),
    UNAUTHORIZED(401, "Missing or wrong credentials"),
    WALLET_SIGNATURE_MISSING(401, "The embedded wallet's owner must sign this request"),
    WALLET_SIGNATURE_INVALID(401, "The wallet signature is not bound to an active session"),
    WALLET_SIGNATURE_MALFORMED(401, "The wallet signature header cannot be read"),
    WALLET_SIGNATURE_BODY_MISMATCH(401, "The signed retry's body differs from the body the challenge was issued for"),
    REQUEST_ID_MISSING(401, "The signed retry lacks its Request-Id header"),
    FORBIDDEN(403, "The credentials lack the permission this operation needs"),
    USER_NOT_READY(403, "The customer is not verified"),
    END_USER_TERMS_NOT_ACCEPTED(403, "The customer has not accepted the end-user terms"),
    NOT_FOUND(404, "No such resource or route"),
    REFERENCE_NOT_FOUND(404, "No such resource of the kind details.notFoundCode names"),
    USER_NOT_FOUND(404, "No such customer"),
    QUOTE_NOT_FOUND(404, "No such quote"),
    TRANSACTION_NOT_FOUND(404, "No such transaction"),
    INTERNAL_ACCOUNT_NOT_FOUND(404, "No such internal account"),
    EXTERNAL_ACCOUNT_NOT_FOUND(404, "No such external account"),
    LOOKUP_REQUEST_NOT_FOUND(404, "No such receiver lookup"),
    UMA_NOT_FOUND(404, "No receiver at this UMA address"),
    INVITATION_NOT_FOUND(404, "No such invitation"),
    STABLECOIN_NOT_FOUND(404, "No such stablecoin"),
    STABLECOIN_OPERATION_NOT_FOUND(404, "No such stablecoin operation"),
    STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND(404, "No such stablecoin provider account link"),
    SCA_FACTOR_NOT_FOUND(404, "No such SCA factor"),
    SCA_RESET_NOT_FOUND(404, "No such factor reset"),
    DOCUMENT_NOT_FOUND(404, "No such document"),
    BENEFICIAL_OWNER_NOT_FOUND(404, "No such beneficial owner"),
    VERIFICATION_NOT_FOUND(404, "No such verification"),
    BULK_UPLOAD_JOB_NOT_FOUND(404, "No such bulk upload job"),
    CARD_NOT_FOUND(404, "No such card"),
    AUTH_CREDENTIAL_NOT_FOUND(404, "No such authentication credential"),
    SESSION_NOT_FOUND(404, "No such active session"),
    DELEGATED_KEY_NOT_FOUND(404, "No such delegated key"),
    TOKEN_NOT_FOUND(404, "No such API token"),
    WEBHOOK_NOT_FOUND(404, "No such webhook event"),
    METHOD_NOT_ALLOWED(405, "This HTTP method is not allowed on this path"),
    NOT_ACCEPTABLE(406, "Only application/json responses are available"),
    CONFLICT(409, "The resource's state does not allow this change"),
    PASSKEY_ALREADY_ENROLLED(409, "The customer already has a passkey factor; delete it before enrolling another"),
    SCA_SESSION_REQUIRED(409, "The customer's SCA login session is missing or expired: log the customer in (POST /sca/login/start) and retry"),
    BENEFICIARY_TRUSTED(409, "The external account is a trusted beneficiary: untrust it first"),
    INVALID_STATE_TRANSITION(409, "The resource cannot move to the requested state"),
    CARD_ALREADY_CLOSED(409, "The card is already CLOSED"),
    CARD_NOT_MUTABLE(409, "The card is CLOSED and cannot change"),
    TRANSACTION_NOT_CANCELLABLE(409, "The transaction is past its cancellation window"),
    TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL(409, "The transaction is not waiting for the platform's approval"),
    UMA_ADDRESS_EXISTS(409, "Another customer has this UMA address"),
    CUSTOMER_DELETED(410, "The customer has been deleted"),
    LINK_EXPIRED(410, "The link has expired"),
    UNSUPPORTED_UMA_VERSION(412, "The counterparty's UMA version is not supported"),
    PAYLOAD_TOO_LARGE(413, "The request body is too large"),
    UNSUPPORTED_MEDIA_TYPE(415, "The body's media type is not accepted here"),
    ACCOUNT_LOCKED(423, "Too many failed authentication attempts; retry after details.lockedUntil"),
    RATE_LIMITED(429, "Too many attempts; retry after Retry-After seconds"),
    DAILY_VOLUME_LIMIT_EXCEEDED(429, "The sender's volume for the day would pass its limit"),
    NO_COMPATIBLE_UMA_VERSION(424, "No UMA version both sides support"),
    LNURLP_REQUEST_FAILED(424, "The receiver's LNURLP request failed"),
    COUNTERPARTY_PUBKEY_FETCH_ERROR(424, "The counterparty's public keys could not be fetched"),
    SVC_SWITCH_ERROR(500, "An internal error occurred; quote the correlationId"),
    NOT_IMPLEMENTED(501, "Not available in this mode or configuration"),
    SERVICE_UNAVAILABLE(503, "The server cannot take this now; retry after Retry-After seconds");

    /**
     * The 404 codes the reference's Error404 lists (and NOT_FOUND, for a route that does not exist);
     * every other kind of resource not found is answered as REFERENCE_NOT_FOUND ({@link #wire}).
     */
    private static final java.util.Set<ErrorCode> LISTED_NOT_FOUND = java.util.EnumSet.of(NOT_FOUND, REFERENCE_NOT_FOUND, USER_NOT_FOUND,
            QUOTE_NOT_FOUND, TRANSACTION_NOT_FOUND, LOOKUP_REQUEST_NOT_FOUND, UMA_NOT_FOUND, INVITATION_NOT_FOUND,
            STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND, BULK_UPLOAD_JOB_NOT_FOUND, TOKEN_NOT_FOUND);

    private final int status;
    private final String meaning;

    ErrorCode(int status, String meaning) {
        this.status = status;
        this.meaning = meaning;
    }

    public int status() {
        return status;
    }

    /**
     * Whether this code names a kind of resource the reference's 404 list leaves out (CARD_NOT_FOUND,
     * ...): such an answer carries REFERENCE_NOT_FOUND, a code clients generated from the reference
     * know, and this code as {@code details.notFoundCode}.
     */
    public boolean servedAsReferenceNotFound() {
        return status == 404 && !LISTED_NOT_FOUND.contains(this);
    }

    /** The code as answers carry it. */
    public String wire() {
        return servedAsReferenceNotFound() ? REFERENCE_NOT_FOUND.name() : name();
    }

    /** What the code means, for the OpenAPI document. */
    public String meaning() {
        return meaning;
    }
}
