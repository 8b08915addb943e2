package payments.quote;

import payments.common.JsonBody;
import io.smallrye.mutiny.Uni;
import payments.quote.QuoteView.QuoteResponse;

/** POST /quotes called with an agent's bearer token: the agents feature creates the quote under the agent's policy. */
public interface AgentQuotes {

    Uni<QuoteResponse> createQuote(String agentId, JsonBody<QuoteCreateRequest> body);
}
