package payments.directory;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** The directories answer what their shipped data files say, filtered and paged as the reference describes. */
@QuarkusTest
class DirectoryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> shipped(String file, String list) throws IOException {
        try (InputStream in = DirectoryTest.class.getResourceAsStream("/directories/" + file)) {
            return (List<Map<String, Object>>) JSON.readValue(in, Map.class).get(list);
        }
    }

    @Test
    void umaProvidersFilterByCountryCurrencyAndAllowList() throws IOException {
        List<Map<String, Object>> providers = shipped("uma-providers.json", "providers");
        List<String> inMexico = providers.stream().filter(p -> ((List<?>) p.get("supportedRegions")).contains("MX"))
                .map(p -> (String) p.get("name")).toList();
        api().queryParam("countryCode", "MX").get("/uma-providers").then().statusCode(200)
                .body("data.name", containsInAnyOrder(inMexico.toArray()))
                .body("totalCount", equalTo(inMexico.size()));
        api().queryParam("currencyCode", "KES").get("/uma-providers").then().statusCode(200)
                .body("data.supportedCurrencies.code", everyItem(hasItem("KES")))
                .body("data[0].supportedCurrencies[0].decimals", equalTo(2));
        long blocked = providers.stream().filter(p -> !Boolean.TRUE.equals(p.get("allowListStatus"))).count();
        assertTrue(blocked > 0, "the shipped directory should show a blocked provider");
        api().queryParam("limit", 100).get("/uma-providers").then().body("totalCount", equalTo(providers.size()));
        api().queryParam("limit", 100).queryParam("hasBlockedProviders", false).get("/uma-providers").then()
                .body("totalCount", equalTo((int) (providers.size() - blocked)))
                .body("data.allowListStatus", not(hasItem(false)));
    }

    @Test
    void umaProvidersPageInEitherOrderWithoutRepeatsOrGaps() throws IOException {
        List<String> names = new ArrayList<>(shipped("uma-providers.json", "providers").stream().map(p -> (String) p.get("name")).toList());
        names.sort(Comparator.naturalOrder());
        assertEquals(names, walk("asc"));
        List<String> descending = new ArrayList<>(names);
        java.util.Collections.reverse(descending);
        assertEquals(descending, walk(null));
    }

    private static List<String> walk(String sortOrder) {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            var request = api().queryParam("limit", 3);
            if (sortOrder != null) {
                request.queryParam("sortOrder", sortOrder);
            }
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath page = request.get("/uma-providers").then().statusCode(200).extract().jsonPath();
            seen.addAll(page.getList("data.name"));
            cursor = page.getBoolean("hasMore") ? page.getString("nextCursor") : null;
            assertTrue(seen.size() <= 100, "the pages do not end");
        } while (cursor != null);
        return seen;
    }

    @Test
    void vaspsPageThroughTheWholeDirectory() throws IOException {
        int total = shipped("vasps.json", "vasps").size();
        JsonPath first = api().queryParam("limit", 5).get("/vasps").then().statusCode(200)
                .body("hasMore", equalTo(true)).extract().jsonPath();
        List<String> names = new ArrayList<>(first.getList("data.vaspName"));
        String cursor = first.getString("nextCursor");
        while (cursor != null) {
            JsonPath page = api().queryParam("limit", 5).queryParam("cursor", cursor).get("/vasps").then().statusCode(200)
                    .extract().jsonPath();
            names.addAll(page.getList("data.vaspName"));
            cursor = page.getBoolean("hasMore") ? page.getString("nextCursor") : null;
        }
        assertEquals(total, names.size());
        assertEquals(total, names.stream().distinct().count());
        assertTrue(names.contains("Kraken"));
    }

    @Test
    void discoveriesFilterByCountryAndCurrency() throws IOException {
        List<Map<String, Object>> all = shipped("discoveries.json", "institutions");
        api().get("/discoveries").then().statusCode(200).body("data.size()", equalTo(all.size()));
        api().queryParam("country", "PH").queryParam("currency", "PHP").get("/discoveries").then().statusCode(200)
                .body("data.bankName", hasItem("BDO Unibank"))
                .body("data.country", everyItem(equalTo("PH")))
                .body("data.currency", everyItem(equalTo("PHP")));
        api().queryParam("country", "PH").queryParam("currency", "EUR").get("/discoveries").then().statusCode(200)
                .body("data.size()", equalTo(0));
        assertFalse(all.isEmpty());
    }

    @Test
    void badFiltersAreRefusedTogether() {
        api().queryParam("countryCode", "usa").queryParam("currencyCode", "XXX").queryParam("hasBlockedProviders", "maybe")
                .queryParam("sortOrder", "up").queryParam("limit", 0).queryParam("cursor", "garbage").get("/uma-providers").then()
                .statusCode(400).body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", containsInAnyOrder("countryCode", "currencyCode", "hasBlockedProviders", "sortOrder",
                        "limit", "cursor"));
        api().queryParam("limit", 101).get("/vasps").then().statusCode(400).body("details.errors[0].field", equalTo("limit"));
        api().queryParam("country", "p").queryParam("currency", "pesos").get("/discoveries").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("country", "currency"));
    }
}
