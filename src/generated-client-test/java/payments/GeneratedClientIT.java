package payments;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import payments.generated.ApiClient;
import payments.generated.ApiException;
import payments.generated.api.CustomersApi;
import payments.generated.api.PlatformConfigurationApi;
import payments.generated.api.WebhookDeliveriesApi;
import payments.generated.model.Address;
import payments.generated.model.CustomerCreateRequestOneOf;
import payments.generated.model.CustomerOneOf;
import payments.generated.model.IndividualCustomer;
import payments.generated.model.IndividualCustomerCreateRequest;
import payments.generated.model.PageDeliveryResponse;
import payments.generated.model.PlatformConfig;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A Java client generated (openapi-generator, the pom's generated-client execution) from the document
 * the packaged server serves, used as an integrator would: it must compile, and its calls must work
 * against the server, request and answer bound to its own model classes.
 */
@QuarkusIntegrationTest
@QuarkusTestResource(value = PackagedServerIT.Settings.class, restrictToAnnotatedClass = true)
class GeneratedClientIT {

    private static ApiClient client(String secret) {
        ApiClient client = new ApiClient();
        client.updateBaseUri("http://localhost:" + RestAssured.port + TestSupport.BASE);
        String credentials = Base64.getEncoder().encodeToString((TestSupport.CLIENT_ID + ":" + secret).getBytes(StandardCharsets.UTF_8));
        client.setRequestInterceptor(request -> request.header("Authorization", "Basic " + credentials));
        return client;
    }

    @Test
    void aCustomerIsCreatedAndReadBackThroughTheGeneratedClient() throws ApiException {
        CustomersApi customers = new CustomersApi(client(TestSupport.CLIENT_SECRET));
        String reference = TestSupport.uniqueCustomerRef("generated");
        IndividualCustomerCreateRequest request = new IndividualCustomerCreateRequest()
                .customerType(IndividualCustomerCreateRequest.CustomerTypeEnum.INDIVIDUAL)
                .platformCustomerId(reference).region("US").currencies(List.of("USD")).fullName("Ada Generated")
                .birthDate(LocalDate.of(1990, 1, 15)).nationality("US").email("ada@example.com")
                .address(new Address().line1("1 Main St").city("Seattle").state("WA").postalCode("98101").country("US"));

        IndividualCustomer created = customers.createCustomer(new CustomerCreateRequestOneOf(request)).getIndividualCustomer();

        assertEquals(reference, created.getPlatformCustomerId());
        assertEquals("Ada Generated", created.getFullName());
        CustomerOneOf read = customers.getCustomerById(created.getId());
        assertEquals(created.getId(), read.getIndividualCustomer().getId());
        ApiException unknown = assertThrows(ApiException.class, () -> customers.getCustomerById("Customer:00000000-0000-0000-0000-000000000000"));
        assertEquals(404, unknown.getCode());
    }

    @Test
    void thePlatformConfigurationAndThisServersOwnDeliveriesThroughTheGeneratedClient() throws ApiException {
        PlatformConfig config = new PlatformConfigurationApi(client(TestSupport.CLIENT_SECRET)).getPlatformConfig();
        assertNotNull(config.getId());
        assertFalse(config.getSupportedCurrencies() == null || config.getSupportedCurrencies().isEmpty(), "currencies: " + config);

        PageDeliveryResponse deliveries = new WebhookDeliveriesApi(client(TestSupport.CLIENT_SECRET))
                .listWebhookDeliveries(null, null, null, null, "5", null, null);
        assertNotNull(deliveries.getData());

        ApiException refused = assertThrows(ApiException.class, () -> new PlatformConfigurationApi(client("wrong")).getPlatformConfig());
        assertEquals(401, refused.getCode());
    }
}
