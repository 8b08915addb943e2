package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static payments.MoneyFixtures.quoteBody;
import static payments.TestSupport.api;

/** A quote carries what is known of its receiver, as far as the receiving currency's config requires. */
@QuarkusTest
class CounterpartyInformationTest {

    @Test
    void theRequiredFieldsKnownOfTheReceiverAreOnTheQuoteAndItsTransaction() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 10_000);
        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "000");
        // Nothing required (the default): no counterpartyInformation.
        api().body(quoteBody(payer.account("USD"), bank, 100)).post("/quotes").then().statusCode(201)
                .body("counterpartyInformation", nullValue());

        List<Map<String, Object>> original = MoneyFixtures.changeUsdConfig("requiredCounterpartyFields",
                Stream.of("FULL_NAME", "BIRTH_DATE", "NATIONALITY", "TAX_ID").map(f -> Map.of("name", f, "mandatory", true)).toList());
        try {
            String transactionId = api().body(quoteBody(payer.account("USD"), bank, 100)).post("/quotes").then().statusCode(201)
                    .body("counterpartyInformation.FULL_NAME", equalTo("John Doe"))
                    .body("counterpartyInformation.BIRTH_DATE", equalTo("1990-01-15"))
                    .body("counterpartyInformation.NATIONALITY", equalTo("US"))
                    .body("counterpartyInformation.TAX_ID", nullValue())
                    .extract().path("transactionId");
            api().get("/transactions/" + transactionId).then().body("counterpartyInformation.FULL_NAME", equalTo("John Doe"));
            // An internal receiver: its holder's profile.
            api().body(quoteBody(payer.account("USD"), payee.account("USD"), 100)).post("/quotes").then().statusCode(201)
                    .body("counterpartyInformation.FULL_NAME", equalTo("Grace Hopper"));
        } finally {
            MoneyFixtures.restoreCurrencies(original);
        }
    }
}
