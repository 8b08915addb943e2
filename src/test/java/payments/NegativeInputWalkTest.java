package payments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Walks every operation the server's own OpenAPI document lists and sends it bad input: wrong ids,
 * NUL and control characters, huge strings, wrong JSON types, missing fields, malformed JSON and
 * multipart bodies. Every answer must be a 4xx with the JSON error body (code, reason, details,
 * and field errors for INVALID_INPUT), and no table may change. Two exceptions: a list filter
 * with a value that matches nothing may answer an empty 200 (only control characters must be
 * refused), and the hosted pages people open in a browser answer HTML (never a 5xx). Field names
 * come from the reference's request schema of the same operation where it has one. Background
 * jobs are off, so nothing else writes meanwhile.
 */
@QuarkusTest
@TestProfile(JobsByHand.class)
class NegativeInputWalkTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HUGE = "x".repeat(100_000);
    private static final String AUTHORIZATION = "Basic " + Base64.getEncoder()
            .encodeToString((TestSupport.CLIENT_ID + ":" + TestSupport.CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
    /** Path values that can name nothing: malformed, of another type, with control characters, too long. */
    private static final List<String> BAD_IDS = List.of("nope", "Customer:00000000-0000-0000-0000-000000000000",
            "a%00b", "a%07b", "x".repeat(3000));
    private static final List<String> BAD_QUERY_VALUES = List.of("a%00b", "a%1Fb", "x".repeat(3000), "-1",
            "99999999999999999999999", "%7B%7D");

    @TestHTTPResource("/")
    URL root;

    @Inject
    Pool pool;

    private final HttpClient http = HttpClient.newHttpClient();
    /** A connected agent's bearer token, for the operations only agents may call (/agents/me/**). */
    private String agentAuthorization;
    /** A compliance desk's token, for the operator review queue (/compliance/**), which MANAGE may not call. */
    private String complianceAuthorization;
    /** The bank operations desk's token, for /bank-entries/**, which MANAGE may not call. */
    private String operationsAuthorization;

    record Sent(String operation, String description, int status, String body) {
    }

    @Test
    void everyOperationRefusesBadInputWithAClear4xxAndChangesNothing() throws Exception {
        JsonNode openapi = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(root + "q/openapi?format=json")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        JsonNode reference = ReferenceShapes.FILTER.requestSchemas();
        Map<String, String> complianceToken = TestSupport.newToken("COMPLIANCE_REVIEW");
        complianceAuthorization = "Basic " + Base64.getEncoder().encodeToString((complianceToken.get("clientId") + ":"
                + complianceToken.get("clientSecret")).getBytes(StandardCharsets.UTF_8));
        operationsAuthorization = "Basic " + Base64.getEncoder().encodeToString("test-bank-operations-desk:test-bank-operations-secret"
                .getBytes(StandardCharsets.UTF_8));
        seeded = seed();
        List<String> problems = new ArrayList<>();
        List<String> reached = new ArrayList<>();
        List<String> notReached = new ArrayList<>();
        int operations = 0;
        int requests = 0;
        for (Iterator<Map.Entry<String, JsonNode>> paths = TestSupport.servedOperations(openapi).fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            if (!path.getKey().startsWith(TestSupport.BASE + "/")) {
                continue;
            }
            for (Iterator<Map.Entry<String, JsonNode>> methods = path.getValue().fields(); methods.hasNext(); ) {
                Map.Entry<String, JsonNode> method = methods.next();
                String verb = method.getKey().toUpperCase();
                String operation = verb + " " + path.getKey();
                String before = fingerprint();
                List<Sent> answers = walk(verb, path.getKey(), method.getValue(),
                        reference.get(verb + " " + path.getKey().substring(TestSupport.BASE.length())));
                operations++;
                requests += answers.size();
                answers.stream().map(NegativeInputWalkTest::problemOf).filter(p -> p != null).forEach(problems::add);
                if (seededTarget(path.getKey()) != null && takesJson(method.getValue().at("/requestBody/content"))) {
                    boolean validated = answers.stream().anyMatch(a -> a.description().startsWith("seeded body") && a.status() == 400
                            && a.body().contains("\"INVALID_INPUT\""));
                    (validated ? reached : notReached).add(operation);
                }
                if (!before.equals(fingerprint())) {
                    problems.add(operation + ": the database changed");
                }
            }
        }
        assertTrue(operations > 60, "only " + operations + " operations found");
        // With real ids in their paths, the bad bodies must get past the lookups to the body's own checks.
        assertTrue(reached.size() >= MIN_REACHED && notReached.isEmpty(), reached.size() + " operations on seeded resources reached"
                + " body validation: " + reached + "; these never did: " + notReached);
        assertTrue(problems.isEmpty(), requests + " bad requests over " + operations + " operations; "
                + problems.size() + " answered wrongly:\n" + String.join("\n", problems));
    }

    private List<Sent> walk(String verb, String template, JsonNode operation, JsonNode referenceBody) throws Exception {
        List<Sent> sent = new ArrayList<>();
        String operationName = verb + " " + template;
        if (template.contains("{")) {
            for (String bad : BAD_IDS) {
                sent.add(send(operationName, "path " + abbreviate(bad), verb, fill(template, bad), null, null));
            }
        }
        String target = fill(template, "nope");
        for (JsonNode parameter : operation.path("parameters")) {
            if (!"query".equals(parameter.path("in").asText())) {
                continue;
            }
            for (String bad : BAD_QUERY_VALUES) {
                sent.add(send(operationName, "query " + parameter.get("name").asText() + "=" + abbreviate(bad)
                                + (bad.contains("%00") || bad.contains("%1F") ? " (control character)" : ""), verb,
                        target + "?" + URLEncoder.encode(parameter.get("name").asText(), StandardCharsets.UTF_8) + "=" + bad,
                        null, null));
            }
        }
        JsonNode content = operation.at("/requestBody/content");
        if (takesJson(content)) {
            for (String body : jsonBodies(referenceBody)) {
                sent.add(send(operationName, "body " + abbreviate(body), verb, target, "application/json", body));
            }
            String real = seededTarget(template);
            if (real != null) {
                // "{}" may be a valid body (everything optional), and "null" is an absent optional body: only the ones
                // invalid for any operation.
                for (String body : jsonBodies(referenceBody).stream().filter(b -> !"{}".equals(b) && !"null".equals(b)).toList()) {
                    sent.add(send(operationName, "seeded body " + abbreviate(body), verb, real, "application/json", body));
                }
                if (content.has("*/*")) {
                    // An optional body read as text: anything but JSON is refused, before the resource is touched.
                    sent.add(send(operationName, "seeded text/plain body", verb, real, "text/plain", "approve please"));
                }
            }
        }
        if (content.has("multipart/form-data")) {
            sent.add(send(operationName, "empty multipart", verb, target, "multipart/form-data; boundary=b", ""));
            sent.add(send(operationName, "truncated multipart", verb, target, "multipart/form-data; boundary=b",
                    "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\nContent-Type: text/csv\r\n\r\nabc"));
            sent.add(send(operationName, "multipart without parts", verb, target, "multipart/form-data; boundary=b", "--b--\r\n"));
        }
        return sent;
    }

    /** A JSON body, or an optional one the operation reads as text of any media type (and checks as JSON). */
    private static boolean takesJson(JsonNode content) {
        return content.has("application/json") || content.has("*/*");
    }

    /** Malformed and mistyped bodies, then one bad value at a time for each field the reference's body names. */
    private static List<String> jsonBodies(JsonNode schema) {
        List<String> bodies = new ArrayList<>(List.of("{", "[]", "\"text\"", "null", "{}", "{\"a\\u0000\":1}",
                "{\"x\":\"" + "\\u0000" + "\"}"));
        Map<String, String> fields = new LinkedHashMap<>();
        if (schema != null) {
            schema.path("properties").fields().forEachRemaining(f -> fields.put(f.getKey(), f.getValue().path("type").asText("")));
        }
        for (Map.Entry<String, String> field : fields.entrySet()) {
            String name = JSON.valueToTree(field.getKey()).toString();
            String wrongType = "string".equals(field.getValue()) ? "12345" : "\"not-a-" + field.getValue() + "\"";
            bodies.add("{" + name + ":" + wrongType + "}");
            bodies.add("{" + name + ":\"a\\u0000b\"}");
            bodies.add("{" + name + ":\"" + HUGE + "\"}");
            bodies.add("{" + name + ":{\"deep\":[\"\\u0000\"]}}");
        }
        if (fields.size() > 1) {
            // Every field wrong at once: every one of them must be reported.
            ObjectNode all = JSON.createObjectNode();
            fields.forEach((name, type) -> all.set(name, "string".equals(type) ? JSON.valueToTree(12345) : JSON.valueToTree("\u0000")));
            bodies.add(all.toString());
        }
        return bodies;
    }

    /** Operations on seeded resources whose body checks the walk must reach, at least. */
    private static final int MIN_REACHED = 33;

    /** The id of a real resource for each path parameter (by the path's first segment for a plain {id}). */
    private Map<String, String> seeded = Map.of();

    /** The template with every path parameter naming a real resource; null when one names none. */
    private String seededTarget(String template) {
        String[] segments = template.substring(TestSupport.BASE.length()).split("/");
        String resource = segments.length > 1 ? segments[1] : "";
        java.util.regex.Matcher names = java.util.regex.Pattern.compile("\\{([^}]+)}").matcher(template);
        StringBuilder filled = new StringBuilder();
        boolean any = false;
        while (names.find()) {
            String name = names.group(1);
            String id = seeded.get("id".equals(name) ? resource + "/id" : name);
            if (id == null) {
                return null;
            }
            names.appendReplacement(filled, java.util.regex.Matcher.quoteReplacement(id));
            any = true;
        }
        names.appendTail(filled);
        return any ? filled.toString() : null;
    }

    @Inject
    payments.common.jobs.JobRunner runner;

    private void drainJobs() {
        try {
            io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(() -> runner.drain(1000));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** One real resource of each kind the paths name (jobs run by hand here), keyed as {@link #seededTarget} looks them up. */
    private Map<String, String> seed() {
        TestSupport.api().body(Map.of("sandboxSkipVerificationPaperwork", true)).patch("/config").then().statusCode(200);
        Map<String, Object> person = payments.customer.CustomerTest.individual(TestSupport.uniqueCustomerRef("seed"), "Seed Owner");
        person.put("currencies", List.of("USD"));
        person.put("endUserTermsConsent", Map.of("acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "198.51.100.24",
                "termsVersion", "V1", "acceptanceMethod", "CHECKBOX"));
        String customerId;
        try {
            customerId = TestSupport.api().body(person).post("/customers").then().statusCode(201).extract().path("id");
        } finally {
            TestSupport.api().body(Map.of("sandboxSkipVerificationPaperwork", false)).patch("/config").then().statusCode(200);
        }
        drainJobs();
        String account = TestSupport.api().queryParam("customerId", customerId).get("/customers/internal-accounts").then()
                .statusCode(200).extract().path("data[0].id");
        TestSupport.api().body(Map.of("amount", 10_000)).post("/sandbox/internal-accounts/" + account + "/fund").then().statusCode(200);
        drainJobs();
        String bank = MoneyFixtures.externalUsdAccount(customerId, "000");
        // The transaction the walk aims at is an agent's payment waiting for the platform's approval: a body
        // that slipped past validation on /transactions/{id}/approve would move its money.
        String[] agent = connectedAgent(customerId);
        agentAuthorization = "Bearer " + agent[1];
        String agentId = agent[0];
        String agentQuote = bearer().body(MoneyFixtures.quoteBody(account, bank, 2_000)).post("/agents/me/quotes").then()
                .statusCode(201).extract().path("id");
        io.restassured.path.json.JsonPath waiting = bearer().post("/agents/me/quotes/" + agentQuote + "/execute").then().statusCode(200)
                .extract().jsonPath();
        if (!"PENDING_APPROVAL".equals(waiting.getString("status"))) {
            throw new IllegalStateException("the seeded agent payment does not wait for approval: " + waiting.prettify());
        }
        String transaction = TestSupport.api().get("/quotes/" + agentQuote).then().statusCode(200).extract().path("transactionId");
        String quote = TestSupport.api().body(MoneyFixtures.quoteBody(account, bank, 100)).post("/quotes").then().statusCode(201)
                .extract().path("id");
        String token = TestSupport.api().body(Map.of("name", "seeded", "permissions", List.of("VIEW"))).post("/tokens").then()
                .statusCode(201).extract().path("id");
        String card = TestSupport.api().header("Idempotency-Key", java.util.UUID.randomUUID().toString())
                .body(Map.of("customerId", customerId, "form", "VIRTUAL", "fundingSource", account)).post("/cards").then()
                .statusCode(201).extract().path("id");
        String umaAddress = TestSupport.api().get("/customers/" + customerId).then().statusCode(200).extract().path("umaAddress");
        String invitation = TestSupport.api().body(Map.of("inviterUma", umaAddress)).post("/invitations").then().statusCode(201)
                .extract().path("code");
        String providerAccount = payments.stablecoin.StablecoinTest.link(payments.stablecoin.StablecoinTest.clientId());
        String stablecoin = payments.stablecoin.StablecoinTest.register(providerAccount, "WALK");
        String wallet = TestSupport.api().body(Map.of("customerId", customerId, "currency", "USDB", "ownershipType", "FIRST_PARTY",
                        "accountInfo", Map.of("accountType", "SPARK_WALLET",
                                "address", "spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu")))
                .post("/customers/external-accounts").then().statusCode(201).extract().path("id");
        String stablecoinOperation = payments.stablecoin.StablecoinTest.post("/stablecoins/" + stablecoin + "/mints",
                payments.stablecoin.StablecoinTest.wireMint(100, wallet)).statusCode(201).extract().path("id");
        drainJobs();
        Map<String, String> ids = new java.util.HashMap<>(Map.of("customerId", customerId, "accountId", account,
                "transactionId", transaction, "externalAccountId", bank, "quoteId", quote, "tokenId", token, "agentId", agentId,
                "internal-accounts/id", account, "cards/id", card));
        ids.put("invitationCode", invitation);
        ids.put("actionId", waiting.getString("id"));
        ids.put("stablecoinProviderAccountId", providerAccount);
        ids.put("stablecoinId", stablecoin);
        ids.put("stablecoinOperationId", stablecoinOperation);
        ids.put("jobId", deadJobHoldingMoney());
        ids.put("entryId", parkedBankEntry());
        String[] statement = reconciledStatement();
        ids.put("statementId", statement[0]);
        ids.put("lineId", statement[1]);
        return Map.copyOf(ids);
    }

    /** A job given up while it held money, as the runner leaves one: what POST /jobs/dead/{jobId}/resolve acts on. */
    private String deadJobHoldingMoney() {
        java.util.UUID id = payments.common.Ids.newUuid();
        java.time.OffsetDateTime now = java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC);
        pool.preparedQuery("INSERT INTO jobs (id, type, payload, status, run_at, attempts, last_error, created_at, updated_at, holds_money)"
                        + " VALUES ($1, 'payment.settle', $2, 'DEAD', $3, 25, 'walk', $3, $3, TRUE)")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(id, "settle:" + id, now)).await().indefinitely();
        return payments.common.IdType.BACKGROUND_JOB.wireId(id);
    }

    /** A credit the bank rail parked in SUSPENSE, as it leaves one: what POST /bank-entries/parked/{entryId}/resolve acts on. */
    private String parkedBankEntry() {
        java.util.UUID id = payments.common.Ids.newUuid();
        pool.preparedQuery("INSERT INTO bank_unmatched (id, file_sha256, kind, amount, currency, remittance, detail, suspense_amount, created_at)"
                        + " VALUES ($1, 'walk', 'CREDIT_UNKNOWN', 500, 'EUR', 'walk', 'walk; booked to SUSPENSE', 500, $2)")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(id, java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC))).await().indefinitely();
        return payments.common.IdType.PARKED_BANK_ENTRY.wireId(id);
    }

    /** A statement's reconciliation with a line only the bank has, as the reconciliation leaves one: what the line's resolve acts on. */
    private String[] reconciledStatement() {
        java.util.UUID report = payments.common.Ids.newUuid();
        java.util.UUID line = payments.common.Ids.newUuid();
        java.time.OffsetDateTime now = java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC);
        pool.preparedQuery("INSERT INTO bank_statements (id, file_sha256, statement_id, currency, period_end, entries, matched, unresolved,"
                        + " created_at) VALUES ($1, 'walk', 'WALK', 'EUR', $2, 1, 0, 1, $2)")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(report, now)).await().indefinitely();
        pool.preparedQuery("INSERT INTO bank_statement_lines (id, statement_id, status, bank_amount, bank_references, ledger_entries)"
                        + " VALUES ($1, $2, 'BANK_ONLY', -300, 'walk', 0)")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(line, report)).await().indefinitely();
        return new String[] {payments.common.IdType.BANK_STATEMENT.wireId(report), payments.common.IdType.BANK_STATEMENT_LINE.wireId(line)};
    }

    private io.restassured.specification.RequestSpecification bearer() {
        return io.restassured.RestAssured.given().basePath(TestSupport.BASE).contentType("application/json")
                .header("Authorization", agentAuthorization);
    }

    /** An agent of the customer, connected, whose payments above USD 10.00 wait for the platform: its id and bearer token. */
    private static String[] connectedAgent(String customerId) {
        io.restassured.path.json.JsonPath created = TestSupport.api().body(Map.of("name", "walker", "customerId", customerId, "policy", Map.of(
                        "permissions", List.of("VIEW_TRANSACTIONS", "CREATE_TRANSFERS", "CREATE_QUOTES", "EXECUTE_QUOTES",
                                "MANAGE_EXTERNAL_ACCOUNTS"), "defaultExecutionMode", "AUTO",
                        "spendingLimits", Map.of("currency", "USD", "perTransactionLimit", 5000),
                        "approvalThresholds", Map.of("currency", "USD", "amount", 1_000))))
                .post("/agents").then().statusCode(201).extract().jsonPath();
        String token = io.restassured.RestAssured.given().basePath(TestSupport.BASE)
                .post("/agents/device-codes/" + created.getString("deviceCode.code") + "/redeem")
                .then().statusCode(200).extract().path("accessToken");
        return new String[] {created.getString("agent.id"), token};
    }

    private Sent send(String operation, String description, String verb, String pathAndQuery, String contentType, String body)
            throws IOException, InterruptedException {
        boolean agentRoute = pathAndQuery.startsWith(TestSupport.BASE + "/agents/me");
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(root.toString().replaceAll("/$", "") + pathAndQuery))
                .header("Authorization", agentRoute ? agentAuthorization
                        : pathAndQuery.startsWith(TestSupport.BASE + "/compliance/") ? complianceAuthorization
                        : pathAndQuery.startsWith(TestSupport.BASE + "/bank-entries/")
                                || pathAndQuery.startsWith(TestSupport.BASE + "/bank-statements") ? operationsAuthorization : AUTHORIZATION)
                .method(verb, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Sent(operation, description, response.statusCode(), response.body());
    }

    /** What is wrong with one answer; null when it is a proper refusal. */
    private static String problemOf(Sent sent) {
        String where = sent.operation() + " with " + sent.description() + ": " + sent.status() + " ";
        if (sent.status() >= 500) {
            return where + "is a server error: " + abbreviate(sent.body());
        }
        if (sent.operation().contains("/hosted/")) {
            return null;
        }
        boolean unmatchedFilter = sent.operation().startsWith("GET ") && sent.description().startsWith("query ")
                && !sent.description().endsWith("(control character)");
        if (sent.status() < 300 && unmatchedFilter) {
            return null;
        }
        if (sent.status() < 400) {
            return where + "is not a 4xx: " + abbreviate(sent.body());
        }
        JsonNode error;
        try {
            error = JSON.readTree(sent.body());
        } catch (IOException e) {
            return where + "is not JSON: " + abbreviate(sent.body());
        }
        if (error == null || !error.path("code").isTextual() || !error.path("reason").isTextual() || !error.path("details").isObject()) {
            return where + "lacks code, reason or details: " + abbreviate(sent.body());
        }
        if (sent.body().contains("Exception") || sent.body().contains("java.") || sent.body().contains("com.fasterxml")) {
            return where + "names internals: " + abbreviate(sent.body());
        }
        if ("INVALID_INPUT".equals(error.get("code").asText()) && !error.at("/details/errors/0/field").isTextual()) {
            return where + "INVALID_INPUT without field errors: " + abbreviate(sent.body());
        }
        return null;
    }

    private static String fill(String template, String value) {
        return template.replaceAll("\\{[^}]+}", value);
    }

    private static String abbreviate(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...(" + text.length() + " chars)";
    }

    /** Every table's rows, hashed: any insert, update or delete changes it. */
    private String fingerprint() {
        List<String> tables = pool.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
                        + " AND table_type = 'BASE TABLE' AND table_name <> 'flyway_schema_history' ORDER BY table_name")
                .execute().await().indefinitely().stream().map(row -> row.getString(0)).toList();
        String sql = tables.stream()
                .map(t -> "SELECT '" + t + "' AS t, (SELECT md5(COALESCE(string_agg(x::text, ',' ORDER BY x::text), '')) FROM " + t + " x) AS h")
                .collect(Collectors.joining(" UNION ALL "));
        StringBuilder out = new StringBuilder();
        for (Row row : pool.query(sql).execute().await().indefinitely()) {
            out.append(row.getString(0)).append('=').append(row.getString(1)).append(';');
        }
        return out.toString();
    }
}
