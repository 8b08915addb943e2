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
        return service.list(sourceCurrency, destinationCurrency == null ? List.of() : destinationCurrency, sendingAmount);
    }
}
