package payments;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The product's deliberate differences from the reference interface's response schemas, each with
 * the spec line or guide section that makes it. {@link ReferenceShapes} lets these through and
 * fails on any other.
 */
final class ReferenceDifferences {

    /**
     * One allowed difference. {@code operation} is "METHOD /template" or "*", {@code status} 0 for
     * any; {@code location} and {@code value} are regexes over the difference's instance location
     * and offending value (null value: any); for a "required" difference {@code value} names the
     * missing property.
     */
    private record Allowed(String operation, int status, String location, String keyword, String value, String because) {
        boolean covers(ReferenceShapes.Difference difference) {
            return ("*".equals(operation) || operation.equals(difference.operation()))
                    && (status == 0 || status == difference.status())
                    && Pattern.matches(location, difference.location())
                    && keyword.equals(difference.keyword())
                    && (value == null || difference.value() != null && Pattern.matches(value, difference.value())
                            || "required".equals(keyword) && difference.message().contains("'" + value + "'"));
        }
    }

    private static final List<Allowed> ALLOWED = List.of(
            // Statuses every operation can meet; the body is still checked against the reference's Error<status>.
            new Allowed("*", 401, "\\$", "status", null, "spec Authentication: wrong credentials are 401 UNAUTHORIZED"),
            new Allowed("*", 403, "\\$", "status", null, "spec Authentication: a token without the operation's permission is 403"),
            new Allowed("*", 404, "\\$", "status", null, "an id in the body naming nothing is 404, as in the path (decisions.md)"),
            new Allowed("*", 405, "\\$", "status", null, "HTTP: method not allowed"),
            new Allowed("*", 409, "\\$", "status", null, "spec Idempotency: a key reused for a different request is 409"),
            new Allowed("*", 410, "\\$", "status", null, "reference Error410 CUSTOMER_DELETED: payments naming a deleted customer"),
            new Allowed("*", 413, "\\$", "status", null, "HTTP: body over the size limit"),
            new Allowed("*", 415, "\\$", "status", null, "HTTP: body media type not accepted"),
            new Allowed("*", 423, "\\$", "status", null, "guide 3.2: too many failed SCA attempts are 423 ACCOUNT_LOCKED"),
            new Allowed("*", 501, "\\$", "status", null, "reference Error501 NOT_IMPLEMENTED: production mode without a rail"),
            new Allowed("*", 503, "\\$", "status", null, "back-pressure of the payment batch (issue 18): 503 with Retry-After"),
            new Allowed("POST /sandbox/cards/{id}/simulate/authorization", 200, "\\$", "status", null,
                    "spec Sandbox: the authorization simulator answers the resulting CardTransaction at once (guide 9, contradiction 6)"),
            new Allowed("POST /customers/{customerId}/verify-email", 429, "\\$", "status", null,
                    "issue 46: contact codes take the wallet codes' limits (sends per 10 minutes, wrong codes per 24 hours), 429 RATE_LIMITED"),
            new Allowed("POST /customers/{customerId}/verify-phone", 429, "\\$", "status", null,
                    "issue 46: the same limits for phone codes"),
            new Allowed("POST /agents/device-codes/{code}/redeem", 429, "\\$", "status", null,
                    "issue 21: redeeming is brute-force resistant, rate-limited per source and per code prefix (429 RATE_LIMITED)"),
            new Allowed("POST /transactions/{transactionId}/approve", 200, "/type", "enum", "OUTGOING",
                    "spec Agent operations: POST /transactions/{transactionId}/approve approves a pending agent-initiated transaction (guide 9, #20)"),
            new Allowed("POST /transactions/{transactionId}/reject", 200, "/type", "enum", "OUTGOING",
                    "issue 32: an agent's waiting payment is rejected where it is approved, /transactions/{transactionId}/approve's counterpart"),
            new Allowed("POST /customers/bulk/csv", 400, "\\$", "status", null, "a file that is not the documented CSV is 400"),
            new Allowed("GET /sca/factors", 400, "\\$", "status", null,
                    "developers' guide: a missing or malformed required customerId is a 400 naming it; the reference lists no 400 here"),
            new Allowed("GET /sca/factors/reset/{resetId}", 400, "\\$", "status", null,
                    "developers' guide: a missing or malformed required customerId is a 400 naming it; the reference lists no 400 here"),
            new Allowed("GET /agents/me/internal-accounts", 400, "\\$", "status", null,
                    "issue 51 item 7: a type filter outside InternalAccountType is refused as on every other list; the reference lists no 400 here"),
            new Allowed("GET /uma-providers", 400, "\\$", "status", null,
                    "developers' guide: every invalid input is a 4xx listing every bad field; the reference lists no 400 for its filters"),
            // Codes.
            new Allowed("*", 400, "/code", "enum", "STABLECOIN_(AMOUNT_NOT_REPRESENTABLE|BURN_SOURCE_NOT_SUPPORTED|EXTERNAL_ACCOUNT_[A-Z_]+"
                    + "|GRID_OPERATIONS_NOT_ENABLED|NOT_PROVISIONED)",
                    "spec Errors, codes listed under 400, Stablecoins: the codes the reference's Error400 enum stops short of"),
            new Allowed("*", 404, "/code", "enum", "NOT_FOUND",
                    "HTTP: a path no operation serves (an unknown route, or a sandbox route in production); every kind of resource"
                            + " the reference's 404 list leaves out is answered REFERENCE_NOT_FOUND (issue 51 item 2, decisions.md)"),
            new Allowed("*", 400, "/code", "enum", "INSUFFICIENT_FUNDS|QUOTE_EXPIRED|QUOTE_RATE_UNAVAILABLE",
                    "spec Errors, codes listed under 400: General INSUFFICIENT_FUNDS, Quotes QUOTE_EXPIRED and QUOTE_RATE_UNAVAILABLE"),
            new Allowed("*", 400, "/code", "enum", "FUNDING_SOURCE_INELIGIBLE|CARD_LIMIT_REACHED",
                    "spec Errors, codes listed under 400, Cards: CARDHOLDER_KYC_NOT_APPROVED, CARD_LIMIT_REACHED, FUNDING_SOURCE_INELIGIBLE"),
            new Allowed("*", 500, "/code", "enum", "SVC_SWITCH_ERROR", "spec Errors: 500 SVC_SWITCH_ERROR in the neutral naming"),
            // Webhooks (held against the reference's webhook body schemas as operation "webhook").
            new Allowed("webhook", 0, "/type", "enum", "CARD\\.STATUS_CHANGE|CARD_TRANSACTION\\.(DECLINED|VOIDED)",
                    "spec Webhooks: CARD.STATUS_CHANGE, and CARD_TRANSACTION.* with DECLINED and VOIDED (guide 9, contradictions 3 and 7)"),
            // Shapes (in an answer, a list's items, or a webhook's data).
            new Allowed("*", 0, "(/data(/\\d+)?)?/customerId", "type", "null",
                    "spec and the reference's own description: a platform external account's customerId is null (issue 32)"),
            new Allowed("*", 0, "(/data(/\\d+)?)?/platformCustomerId", "type", "null",
                    "spec InternalAccount: empty customerId means platform-owned; a payment of the platform's own accounts names no customer"),
            new Allowed("*", 0, "(/data(/\\d+)?)?", "required", "receivedAmount",
                    "spec Transaction: receivedAmount may be absent for rule-based sweeps that could not be quoted"),
            new Allowed("*", 0, "(/data(/\\d+)?)?/failureReason", "enum", "SWEEP_AMOUNT_OUT_OF_RANGE|SWEEP_QUOTE_FAILED",
                    "spec Errors, transaction failureReason values: SWEEP_AMOUNT_OUT_OF_RANGE, SWEEP_QUOTE_FAILED (guide 3.5: product only)"),
            new Allowed("*", 0, "(/data(/\\d+)?)?/accountInfo/accountType", "enum", "CLABE",
                    "spec ExternalAccount accountInfo variants: CLABE, the reference's MXN_ACCOUNT under the spec's name"),
            new Allowed("*", 0, "(/data(/\\d+)?)?/status", "enum", "DECLINED|VOIDED",
                    "spec Card transaction: AUTHORIZED, SETTLED, DECLINED, VOIDED, EXCEPTION (guide 9, contradiction 3)"),
            new Allowed("*", 0, "(/data(/\\d+)?)?", "required", "cardholderId",
                    "spec Card: customerId (guide 5 and contradictions 7: the product's names win)"),
            new Allowed("*", 0, "(/data(/\\d+)?)?", "required", "state", "spec Card: status (guide 9, contradiction 7)"),
            new Allowed("*", 0, "(/data(/\\d+)?)?", "required", "fundingSources",
                    "spec Card: a single fundingSource (guide 9, contradiction 7)"),
            new Allowed("*", 0, "(/data(/\\d+)?)?/type", "enum", "RULE_BASED",
                    "spec InternalAccount type: INTERNAL_FIAT, INTERNAL_CRYPTO, EMBEDDED_WALLET, RULE_BASED"),
            new Allowed("*", 0, "(/data(/\\d+)?)?/permissions/\\d+", "enum", "COMPLIANCE_REVIEW",
                    "this server's permission for the operator review queue, held only by tokens made with it (decisions.md)"),
            new Allowed("*", 0, "(/data(/\\d+)?)?/permissions/\\d+", "enum", "BANK_OPERATIONS",
                    "this server's permission for the bank operations desk, held only by tokens made with it (decisions.md)"));

    /** Routes the spec adds and the reference lacks, which a reference template would otherwise claim. */
    static final List<String> SPEC_ONLY_ROUTES = List.of(
            "GET /customers/agreements" // spec, "Referenced endpoints with no payload detail"
    );

    /**
     * An answer the spec adds to an operation where the reference's schema has no branch for it: a
     * body whose {@code field} reads {@code value} is held against {@code schema} (JSON Schema) instead.
     */
    record SpecBody(String operationAndStatus, String field, String value, String schema, String because) {
    }

    static final List<SpecBody> SPEC_BODIES = List.of(
            new SpecBody("POST /auth/credentials/{id}/verify 200", "status", "PROCESSING", """
                    {"type": "object", "required": ["status", "message"], "additionalProperties": false,
                     "properties": {"status": {"const": "PROCESSING"}, "message": {"type": "string", "minLength": 1}}}""",
                    "spec Authentication, verify outcome 5: WalletOperationProcessing {status: PROCESSING} while the wallet activity is in flight"));

    private ReferenceDifferences() {
    }

    static List<ReferenceShapes.Difference> unexplained(List<ReferenceShapes.Difference> found) {
        return found.stream().filter(d -> ALLOWED.stream().noneMatch(a -> a.covers(d))).toList();
    }
}
