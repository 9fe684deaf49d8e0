// hccmodels: multiple linear regression models of kernel durations.
//
// A regression model predicts a kernel's duration from its parameters as
//   T = c0 + c1 * term1 + c2 * term2 + ...
// where each term is a product of parameters raised to integer exponents
// (seed paper 001, Equation 3), e.g. NB^3*BK. `fit` computes the coefficients
// of given terms by least squares; `select` searches for the terms.
// The term syntax, the selection rule and the statistics are documented in
// docs/calibration.md.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hcc::models {

// A product of parameters with positive integer exponents, e.g. NB^3*BK is
// {{"NB",3},{"BK",1}}. The constant term (intercept) has no factors.
struct Term {
  std::vector<std::pair<std::string, int>> factors;

  // "NB^3*BK" (factors in stored order, exponent 1 not written); "1" for the
  // constant term.
  std::string str() const;

  // Value of the term for these parameter values. Throws
  // std::invalid_argument naming a parameter that is missing.
  double value(const std::map<std::string, double>& params) const;

  bool operator==(const Term&) const = default;
};

// Parses a comma-separated list of terms, e.g. "NB^3, NB^2*MB, NB^3*BK".
// Grammar: list := term (',' term)* | empty;  term := '1' | factor ('*' factor)*;
// factor := name ['^' exponent]; name := [A-Za-z_][A-Za-z0-9_]*;
// exponent := positive integer (1..64). Blanks are allowed between tokens.
// A parameter repeated in a term is merged (NB*NB == NB^2); "1" is the
// constant term. Throws std::invalid_argument with the position (0-based
// character offset) and a hint on malformed text, and on a term listed twice.
std::vector<Term> parse_terms(const std::string& text);

// One measured kernel execution: its parameters and duration, and how many
// executions it stands for (a records row's weight: an instrumented run
// timed a fine-grained kernel's runs one in so many). Fits weigh each
// observation by it (weighted least squares); their statistics count
// observations, not weights.
struct Observation {
  std::map<std::string, double> params;
  double seconds = 0;
  double weight = 1;
};

// Result of a least-squares fit. terms[0] is always the constant term
// (intercept); coef, ci_low and ci_high are aligned with terms.
struct RegressionFit {
  std::vector<Term> terms;
  std::vector<double> coef, ci_low, ci_high;  // estimate and 95% confidence interval
  double r2 = 0, adj_r2 = 0;
  double cv_rmse = 0;  // 5-fold cross-validated root mean squared error (seconds)
  double rmse = 0;     // root mean squared residual over all observations (seconds)
  std::size_t n = 0;   // number of observations
  std::vector<double> residuals, fitted;  // per observation, in input order
};

// Least-squares fit of seconds ~ 1 + terms (column-pivoting QR). A constant
// term in `terms` is ignored (the intercept is always included) and repeated
// terms are an error. Throws std::invalid_argument when there are fewer
// observations than terms.size()+2 (counting the non-constant terms), when an
// observation lacks a parameter or has a non-finite value, or when the terms
// are linearly dependent on these observations.
RegressionFit fit(const std::vector<Observation>& obs, const std::vector<Term>& terms);

// Searches the terms for a model of obs over `params` (see docs/calibration.md):
// candidates are products of the parameters with exponents 0..max_exponent
// and total degree 1..max_exponent+1; subsets of up to max_terms candidates
// are searched exhaustively when there are at most 5000 of them, else by
// greedy forward selection; the subset with the lowest cross-validated RMSE
// wins, but a larger subset must beat the best smaller one by more than
// min_gain (2%) of its CV RMSE. The intercept-only model is the size-0
// subset. Deterministic. Throws std::invalid_argument on bad arguments or when
// no subset can be fitted.
// With noise proportional to the duration and ~100 observations, 2% lets a
// spurious third term in about one selection in six (docs/calibration.md);
// a larger min_gain (0.1) is stricter.
RegressionFit select(const std::vector<Observation>& obs, const std::vector<std::string>& params,
                     int max_exponent = 3, int max_terms = 3, double min_gain = 0.02);

// Predicted duration (seconds) for these parameters. Throws
// std::invalid_argument naming a missing parameter.
double evaluate(const RegressionFit& fit, const std::map<std::string, double>& params);

// C source of a function computing the fit, e.g.
//   double panel_time(double MB, double NB)
// with the parameters used by the terms in sorted (std::string) order and the
// coefficients printed in the shortest form that reads back exactly. Throws
// std::invalid_argument if function_name is not a C identifier.
std::string emit_c(const RegressionFit& fit, const std::string& function_name);

// Student t distribution with df > 0 degrees of freedom: CDF and quantile
// (inverse CDF, p in (0,1)); accurate to about 1e-10. Throw
// std::invalid_argument on out-of-range arguments.
double student_t_cdf(double t, double df);
double student_t_quantile(double p, double df);

}  // namespace hcc::models
