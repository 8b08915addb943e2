package payments.directory;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.Currencies;
import payments.common.FieldError;
import payments.common.Page;
import payments.common.PageRequest;
import payments.directory.DirectoryRecords.Institution;
import payments.directory.DirectoryRecords.InstitutionList;
import payments.directory.DirectoryRecords.UmaProvider;
import payments.directory.DirectoryRecords.Vasp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/** Queries over the {@link Directories}: filters checked like every other list's, pages by position. */
@ApplicationScoped
public class DirectoryService {

    private static final Pattern COUNTRY = Pattern.compile("^[A-Z]{2}$");

    private final Directories directories;

    public DirectoryService(Directories directories) {
        this.directories = directories;
    }

    public Page<UmaProvider> providers(String countryCode, String currencyCode, String hasBlockedProviders, String sortOrder,
                                       String limit, String cursor) {
        List<FieldError> errors = new ArrayList<>();
        checkCountry("countryCode", countryCode, errors);
        checkCurrency("currencyCode", currencyCode, errors);
        if (hasBlockedProviders != null && !"true".equals(hasBlockedProviders) && !"false".equals(hasBlockedProviders)) {
            errors.add(new FieldError("hasBlockedProviders", FieldError.Constraint.oneOf(List.of("true", "false")), "Must be true or false"));
        }
        boolean ascending = PageRequest.ascending(sortOrder, errors);
        PageRequest.Positions page = positions(limit, cursor, errors);
        Predicate<UmaProvider> wanted = p -> (countryCode == null || p.supportedRegions().contains(countryCode))
                && (currencyCode == null || p.supportedCurrencies().stream().anyMatch(c -> c.code().equals(currencyCode)))
                && (!"false".equals(hasBlockedProviders) || Boolean.TRUE.equals(p.allowListStatus()));
        List<UmaProvider> rows = new ArrayList<>(directories.providers().stream().filter(wanted).toList());
        if (!ascending) {
            Collections.reverse(rows);
        }
        return page.page(rows);
    }

    public Page<Vasp> vasps(String limit, String cursor) {
        List<FieldError> errors = new ArrayList<>();
        PageRequest.Positions page = positions(limit, cursor, errors);
        return page.page(directories.vasps());
    }

    /** All institutions, or those of a country and/or currency. */
    public InstitutionList institutions(String country, String currency) {
        List<FieldError> errors = new ArrayList<>();
        checkCountry("country", country, errors);
        checkCurrency("currency", currency, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        Predicate<Institution> wanted = i -> (country == null || i.country().equals(country))
                && (currency == null || i.currency().equals(currency));
        return new InstitutionList(directories.institutions().stream().filter(wanted).toList());
    }

    /** The paging parameters, once every other parameter is checked: one answer lists every bad one. */
    private static PageRequest.Positions positions(String limit, String cursor, List<FieldError> errors) {
        PageRequest.Positions page = PageRequest.Positions.parse(limit, cursor, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return page;
    }

    private static void checkCountry(String field, String value, List<FieldError> errors) {
        if (value != null && !COUNTRY.matcher(value).matches()) {
            errors.add(new FieldError(field, FieldError.Constraint.pattern(COUNTRY.pattern()), "Must be an ISO 3166-1 alpha-2 country code"));
        }
    }

    private static void checkCurrency(String field, String value, List<FieldError> errors) {
        if (value != null && !Currencies.isKnown(value)) {
            errors.add(FieldError.of(field, "Not a supported currency"));
        }
    }
}
