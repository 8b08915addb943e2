package payments.common.web;

import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;

import java.util.List;

/** The one filter MicroProfile OpenAPI takes (mp.openapi.filter): the reference interface's document, then the error catalogue. */
public class OpenApiFilters implements OASFilter {

    private final List<OASFilter> filters = List.of(new ReferenceDocument(), new ErrorCatalogue());

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        filters.forEach(filter -> filter.filterOpenAPI(openAPI));
    }
}
