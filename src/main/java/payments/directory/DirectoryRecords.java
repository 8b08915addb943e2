package payments.directory;

import com.fasterxml.jackson.annotation.JsonInclude;
import payments.common.Currencies;

import java.util.List;

/** Wire shapes of the directories (UMA providers, VASPs, payment institutions), and their data files' shapes. */
public final class DirectoryRecords {

    private DirectoryRecords() {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UmaProvider(String name, List<String> supportedRegions, String domain, String logoUrl,
                              List<Currencies.Currency> supportedCurrencies, String lei, Boolean allowListStatus) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Vasp(String vaspName, String url) {
    }

    public record Institution(String bankName, String displayName, String country, String currency) {
    }

    public record InstitutionList(List<Institution> data) {
    }

    /** uma-providers.json: currencies by code. */
    record ProviderFile(String about, List<ProviderEntry> providers) {
    }

    record ProviderEntry(String name, List<String> supportedRegions, String domain, String logoUrl,
                         List<String> supportedCurrencies, String lei, Boolean allowListStatus) {
    }

    record VaspFile(String about, List<Vasp> vasps) {
    }

    record InstitutionFile(String about, List<Institution> institutions) {
    }
}
