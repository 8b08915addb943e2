package payments.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.TestSupport;

import java.net.URL;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;
import static payments.agent.AgentManagementTest.bearer;
import static payments.agent.AgentPaymentsTest.Connected;
import static payments.agent.AgentPaymentsTest.connected;
import static payments.agent.AgentPaymentsTest.execute;
import static payments.agent.AgentPaymentsTest.limits;
import static payments.agent.AgentPaymentsTest.quote;

/**
 * The isolation matrix, over every operation the server documents: an agent's token opens no
 * route but its own (401 everywhere else), and on its own routes another customer's resources are
 * 404, whichever path parameter names them.
 */
@QuarkusTest
class AgentIsolationTest {

    @TestHTTPResource("/")
    URL root;

    private JsonNode operations() throws Exception {
        return payments.TestSupport.servedOperations(new ObjectMapper().readTree(RestAssured.given().get(root + "q/openapi?format=json").asString()));
    }

    @Test
    void anAgentTokenOpensOnlyTheAgentsOwnRoutes() throws Exception {
        Connected agent = connected(limits(50_000, null, null, null), Map.of());
        List<String> opened = new ArrayList<>();
        int checked = 0;
        for (Iterator<Map.Entry<String, JsonNode>> paths = operations().fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            String template = path.getKey();
            if (!template.startsWith(TestSupport.BASE + "/") || template.startsWith(TestSupport.BASE + "/agents/me")
                    || template.contains("/hosted/") || template.endsWith("/redeem")) {
                continue;
            }
            for (Iterator<Map.Entry<String, JsonNode>> methods = path.getValue().fields(); methods.hasNext(); ) {
                Map.Entry<String, JsonNode> operation = methods.next();
                String method = operation.getKey().toUpperCase();
                if ("POST".equals(method) && template.equals(TestSupport.BASE + "/quotes")) {
                    continue;
                }
                JsonNode security = operation.getValue().path("security");
                if (security.isArray() && security.isEmpty()) {
                    continue; // public (the index): open to anyone, the agent included
                }
                String url = template.substring(TestSupport.BASE.length()).replaceAll("\\{[^}]+}", "x");
                boolean multipart = operation.getValue().at("/requestBody/content").has("multipart/form-data");
                int status = (multipart ? bearer(agent.token()).contentType("multipart/form-data; boundary=b").body("--b--\r\n".getBytes())
                        : bearer(agent.token()).body("{}")).request(method, url).then().extract().statusCode();
                checked++;
                if (status != 401) {
                    opened.add(method + " " + template + " -> " + status);
                }
            }
        }
        assertTrue(checked > 90, "only " + checked + " operations checked");
        assertEquals(List.of(), opened, "platform routes an agent token opened");
    }

    @Test
    void onItsOwnRoutesAnotherCustomersResourcesAreNotThere() throws Exception {
        Connected mine = connected(limits(50_000, null, null, null), Map.of());
        Connected theirs = connected(limits(50_000, null, null, null), Map.of("defaultExecutionMode", "APPROVAL_REQUIRED"));
        api().body(Map.of("permissions", List.of("CREATE_QUOTES", "EXECUTE_QUOTES", "VIEW_TRANSACTIONS", "CREATE_TRANSFERS",
                "MANAGE_EXTERNAL_ACCOUNTS"))).patch("/agents/" + mine.agentId() + "/policy").then().statusCode(200);
        String theirQuote = quote(theirs, 500);
        Map<String, String> theirIds = Map.of(
                "quoteId", theirQuote,
                "actionId", execute(theirs, theirQuote).statusCode(200).extract().path("id"),
                "transactionId", api().queryParam("customerId", theirs.holder().customerId()).get("/transactions").then()
                        .extract().path("data[0].id"),
                "externalAccountId", MoneyFixtures.externalUsdAccount(theirs.holder().customerId(), "000"));
        List<String> leaked = new ArrayList<>();
        int checked = 0;
        for (Iterator<Map.Entry<String, JsonNode>> paths = operations().fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            String template = path.getKey();
            if (!template.startsWith(TestSupport.BASE + "/agents/me/") || !template.contains("{")) {
                continue;
            }
            String name = template.replaceAll(".*\\{([^}]+)}.*", "$1");
            String url = template.substring(TestSupport.BASE.length()).replace("{" + name + "}", theirIds.get(name));
            for (Iterator<String> methods = path.getValue().fieldNames(); methods.hasNext(); ) {
                String method = methods.next().toUpperCase();
                int status = bearer(mine.token()).request(method, url).then().extract().statusCode();
                checked++;
                if (status != 404) {
                    leaked.add(method + " " + url + " -> " + status);
                }
            }
        }
        assertTrue(checked >= 6, "only " + checked + " operations checked");
        assertEquals(List.of(), leaked, "another customer's resources reached");
        // Their action still waits: nothing was executed for them.
        bearer(theirs.token()).get("/agents/me/actions").then().statusCode(200)
                .body("data[0].status", org.hamcrest.Matchers.equalTo("PENDING_APPROVAL"));
    }

    /**
     * Every list route of /agents/me, for an agent whose policy names no accounts (so only the
     * customer filter stands between it and everyone's data): nothing of another customer shows.
     */
    @Test
    void itsListsShowNothingOfAnotherCustomer() throws Exception {
        Connected mine = connected(limits(50_000, null, null, null), Map.of());
        Connected theirs = connected(limits(50_000, null, null, null), Map.of("defaultExecutionMode", "APPROVAL_REQUIRED"));
        api().body(Map.of("permissions", List.of("CREATE_QUOTES", "EXECUTE_QUOTES", "VIEW_TRANSACTIONS", "CREATE_TRANSFERS",
                "MANAGE_EXTERNAL_ACCOUNTS"))).patch("/agents/" + mine.agentId() + "/policy").then().statusCode(200);
        execute(theirs, quote(theirs, 500)).statusCode(200);
        String theirBank = MoneyFixtures.externalUsdAccount(theirs.holder().customerId(), "000");
        List<String> theirIds = new ArrayList<>(List.of(theirs.holder().customerId(), theirBank,
                theirs.holder().account("USD"), theirs.holder().account("MXN")));
        theirIds.replaceAll(id -> id.substring(id.indexOf(':') + 1));
        List<String> leaked = new ArrayList<>();
        int checked = 0;
        for (Iterator<Map.Entry<String, JsonNode>> paths = operations().fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            String template = path.getKey();
            if (!template.startsWith(TestSupport.BASE + "/agents/me/") || template.contains("{") || !path.getValue().has("get")) {
                continue;
            }
            String url = template.substring(TestSupport.BASE.length());
            String body = bearer(mine.token()).queryParam("limit", 100).get(url).then().statusCode(200).extract().asString();
            checked++;
            theirIds.stream().filter(body::contains).forEach(id -> leaked.add("GET " + url + " shows " + id));
        }
        assertTrue(checked >= 4, "only " + checked + " list routes checked");
        assertEquals(List.of(), leaked, "another customer's data listed");
    }
}
