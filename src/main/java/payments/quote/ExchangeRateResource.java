package payments.quote;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.quote.ExchangeRateService.ExchangeRateList;

import java.util.List;
import payments.common.web.RunsToCompletion;

@RunsToCompletion
@Path("/")
@Secured(Permission.VIEW)
public class ExchangeRateResource {

    private final ExchangeRateService service;

    public ExchangeRateResource(ExchangeRateService service) {
        this.service = service;
    }

    @GET
    @Path("exchange-rates")
    public Uni<ExchangeRateList> list(@QueryParam("sourceCurrency") String sourceCurrency,
                                      @QueryParam("destinationCurrency") List<String> destinationCurrency,
                                      @QueryParam("sendingAmount") String sendingAmount) {
        // Repeated (?destinationCurrency=A&destinationCurrency=B) or comma-separated (?destinationCurrency=A,B), as clients send it.
        List<String> destinations = destinationCurrency == null ? List.of() : destinationCurrency.stream()
                .flatMap(value -> java.util.Arrays.stream(value.split(",", -1))).map(String::trim).toList();
        return service.list(sourceCurrency, destinations, sendingAmount);
    }
}
