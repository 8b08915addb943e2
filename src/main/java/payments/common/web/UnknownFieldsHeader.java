package payments.common.web;

import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import payments.common.UnknownFields;

/** Names the request's unknown fields in the answer ({@value UnknownFields#HEADER}), when there were any. */
public class UnknownFieldsHeader {

    @ServerResponseFilter
    public void name(ContainerResponseContext response) {
        String names = UnknownFields.headerValue();
        if (names != null) {
            response.getHeaders().putSingle(UnknownFields.HEADER, names);
        }
    }
}
