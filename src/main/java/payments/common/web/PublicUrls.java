package payments.common.web;

import jakarta.ws.rs.core.UriInfo;
import payments.common.ServerConfig;

import java.net.URI;

/** The base for links handed to end users: the configured public URL, else the request's own base. */
public final class PublicUrls {

    private PublicUrls() {
    }

    public static URI base(ServerConfig config, UriInfo request) {
        return config.publicBaseUrl().map(url -> URI.create(url.endsWith("/") ? url : url + "/"))
                .orElse(request.getBaseUri());
    }
}
